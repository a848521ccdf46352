# source: written for this set, a student who asks the registries by attribute
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``, by the five rules in their order: a Parameter, or any value
        for a registered parameter name, goes through register_parameter; a Module is
        registered as a submodule; a registered submodule or buffer name keeps its registry
        (None allowed); any other value becomes a plain attribute."""
        d = self.__dict__
        if isinstance(value, Parameter) or ("_parameters" in d and name in d["_parameters"]):
            self.register_parameter(name, value)
        elif isinstance(value, Module) or ("_modules" in d and name in d["_modules"]):
            self.add_module(name, value)
        elif "_buffers" in d and name in d["_buffers"]:
            self.register_buffer(name, value)
        else:
            super().__setattr__(name, value)
