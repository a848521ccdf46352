# heldout: looks only at the value's type
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``: a Parameter is registered as a parameter, a Module as a
        submodule; assigning to a registered name keeps it registered (None allowed); any
        other value becomes a plain attribute."""
        if isinstance(value, Module):
            self.add_module(name, value)
        elif isinstance(value, Parameter):
            self.register_parameter(name, value)
        else:
            object.__setattr__(self, name, value)
