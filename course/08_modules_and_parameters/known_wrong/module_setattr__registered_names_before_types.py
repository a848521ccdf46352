# visible: fails
# mistake: every registered name (rules 2 and 4) tested before the type of the value (rules 1 and 3)
# why: assigning a Parameter to the name of a registered buffer keeps it a buffer (register_buffer accepts any Tensor), so it is missing from parameters() and never trained; a Parameter for a registered submodule name is refused by add_module. PyTorch tests a Parameter first.
# see: How `self.x = value` is caught
# hint: The rules are checked "in the order" given: which comes first, the type of the value or whether the name is already registered?
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``: a Parameter is registered as a parameter, a Module as a
        submodule; assigning to a registered name keeps it registered (None allowed); any
        other value becomes a plain attribute."""
        if name in self.__dict__.get("_parameters", {}):
            self.register_parameter(name, value)
        elif name in self.__dict__.get("_modules", {}):
            self.add_module(name, value)
        elif name in self.__dict__.get("_buffers", {}):
            self.register_buffer(name, value)
        elif isinstance(value, Parameter):
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            self.add_module(name, value)
        else:
            object.__setattr__(self, name, value)
