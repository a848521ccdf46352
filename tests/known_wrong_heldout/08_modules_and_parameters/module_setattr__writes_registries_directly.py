# heldout: writes into the dictionaries
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``: a Parameter is registered as a parameter, a Module as a
        submodule; assigning to a registered name keeps it registered (None allowed); any
        other value becomes a plain attribute."""
        d = self.__dict__
        if isinstance(value, Parameter):
            d["_parameters"][name] = value
        elif isinstance(value, Module):
            d["_modules"][name] = value
        elif name in d.get("_parameters", {}):
            d["_parameters"][name] = value
        elif name in d.get("_modules", {}):
            d["_modules"][name] = value
        elif name in d.get("_buffers", {}):
            d["_buffers"][name] = value
        else:
            object.__setattr__(self, name, value)
