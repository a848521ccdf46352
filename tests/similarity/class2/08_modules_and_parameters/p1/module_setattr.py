# copy of i05: every name changed, the kind strings turned into the register methods themselves, the two parameter tests joined with or, the module test split in two, the if chain of the dispatch dropped, a comment added
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``, by the five rules in their order: a Parameter, or any value
        for a registered parameter name, goes through register_parameter; a Module is
        registered as a submodule; a registered submodule or buffer name keeps its registry
        (None allowed); any other value becomes a plain attribute."""
        d = self.__dict__
        # pick the method that files the value
        if name in d.get("_parameters", ()) or isinstance(value, Parameter):
            how = self.register_parameter
        elif isinstance(value, Module):
            how = self.add_module
        elif name in d.get("_modules", ()):
            how = self.add_module
        elif name in d.get("_buffers", ()):
            how = self.register_buffer
        else:
            how = None
        if how is None:
            object.__setattr__(self, name, value)
        else:
            how(name, value)
