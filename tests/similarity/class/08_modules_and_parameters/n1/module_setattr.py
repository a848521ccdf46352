# source: written for this set
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``: a Parameter is registered as a parameter, a Module as a
        submodule; assigning to a registered name keeps it registered (None allowed); any
        other value becomes a plain attribute."""
        # the registries may not exist yet while ModuleBase.__init__ runs
        parameter_names = self.__dict__.get("_parameters", {})
        module_names = self.__dict__.get("_modules", {})
        buffer_names = self.__dict__.get("_buffers", {})
        if isinstance(value, Parameter):
            self.register_parameter(name, value)
            return
        if isinstance(value, Module):
            self.add_module(name, value)
            return
        # not a Parameter or a Module: maybe the name is already registered
        if name in parameter_names:
            self.register_parameter(name, value)
        elif name in module_names:
            self.add_module(name, value)
        elif name in buffer_names:
            self.register_buffer(name, value)
        else:
            # an ordinary attribute
            object.__setattr__(self, name, value)
