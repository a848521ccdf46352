# unusual: a table of (registry, register method) pairs in a loop, and early returns instead of elif
# visible: passes
class Module(ModuleBase):
    def __setattr__(self, name, value):
        if isinstance(value, Parameter) or name in self.__dict__.get("_parameters", ()):
            return self.register_parameter(name, value)
        if isinstance(value, ModuleBase):
            return self.add_module(name, value)
        for registry, register in (("_modules", self.add_module), ("_buffers", self.register_buffer)):
            if name in self.__dict__.get(registry, ()):
                return register(name, value)
        object.__setattr__(self, name, value)
