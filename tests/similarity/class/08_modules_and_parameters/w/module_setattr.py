# copy of n1: rename, recomment, branches merged
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``: a Parameter is registered as a parameter, a Module as a
        submodule; assigning to a registered name keeps it registered (None allowed); any
        other value becomes a plain attribute."""
        mods = self.__dict__.get("_modules", {})
        params = self.__dict__.get("_parameters", {})
        bufs = self.__dict__.get("_buffers", {})
        if isinstance(value, Parameter):
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            self.add_module(name, value)
        elif name in params:
            self.register_parameter(name, value)
        elif name in mods:
            self.add_module(name, value)
        elif name in bufs:
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
