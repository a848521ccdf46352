# source: written for this set, a student who names every test
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``, by the five rules in their order: a Parameter, or any value
        for a registered parameter name, goes through register_parameter; a Module is
        registered as a submodule; a registered submodule or buffer name keeps its registry
        (None allowed); any other value becomes a plain attribute."""
        is_param = isinstance(value, Parameter)
        is_module = isinstance(value, Module)
        param_name = name in self.__dict__.get("_parameters", {})
        module_name = name in self.__dict__.get("_modules", {})
        buffer_name = name in self.__dict__.get("_buffers", {})
        if is_param or param_name:
            self.register_parameter(name, value)
        elif is_module or module_name:
            self.add_module(name, value)
        elif buffer_name:
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
