# heldout: submodules are not registered
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``: a Parameter is registered as a parameter, a Module as a
        submodule; assigning to a registered name keeps it registered (None allowed); any
        other value becomes a plain attribute."""
        registries = self.__dict__
        if isinstance(value, Parameter):
            self.register_parameter(name, value)
            return
        # a name that is already registered stays where it is
        for registry, register in (("_parameters", self.register_parameter), ("_modules", self.add_module),
                                   ("_buffers", self.register_buffer)):
            if name in registries.get(registry, {}):
                register(name, value)
                return
        object.__setattr__(self, name, value)
