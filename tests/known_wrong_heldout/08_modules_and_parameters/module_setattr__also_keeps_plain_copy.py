# heldout: registers and also keeps a plain copy
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``: a Parameter is registered as a parameter, a Module as a
        submodule; assigning to a registered name keeps it registered (None allowed); any
        other value becomes a plain attribute."""
        kinds = (("_parameters", self.register_parameter), ("_modules", self.add_module),
                 ("_buffers", self.register_buffer))
        register = None
        if isinstance(value, Parameter) or name in self.__dict__.get("_parameters", {}):
            register = self.register_parameter
        elif isinstance(value, Module):
            register = self.add_module
        else:
            for registry, method in kinds[1:]:
                if name in self.__dict__.get(registry, {}):
                    register = method
                    break
        if register is not None:
            register(name, value)
        # and keep it as an ordinary attribute too, so that lookups are fast
        object.__setattr__(self, name, value)
