# source: written for this set, a student who uses a match statement
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``, by the five rules in their order: a Parameter, or any value
        for a registered parameter name, goes through register_parameter; a Module is
        registered as a submodule; a registered submodule or buffer name keeps its registry
        (None allowed); any other value becomes a plain attribute."""
        known = lambda key: name in self.__dict__.get(key, {})
        match value:
            case Parameter():
                self.register_parameter(name, value)
            case _ if known("_parameters"):
                self.register_parameter(name, value)
            case Module():
                self.add_module(name, value)
            case _ if known("_modules"):
                self.add_module(name, value)
            case _ if known("_buffers"):
                self.register_buffer(name, value)
            case _:
                object.__setattr__(self, name, value)
