# source: written for this set, a student who puts each rule in its own method
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``, by the five rules in their order: a Parameter, or any value
        for a registered parameter name, goes through register_parameter; a Module is
        registered as a submodule; a registered submodule or buffer name keeps its registry
        (None allowed); any other value becomes a plain attribute."""
        def holds(registry):
            return name in self.__dict__.get(registry, {})

        if isinstance(value, Parameter) or holds("_parameters"):
            register = self.register_parameter
        elif isinstance(value, Module) or holds("_modules"):
            register = self.add_module
        elif holds("_buffers"):
            register = self.register_buffer
        else:
            register = lambda n, v: object.__setattr__(self, n, v)
        register(name, value)
