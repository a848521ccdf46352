# source: tests/unusual_correct/08_modules_and_parameters/module_setattr__table_and_dict_write.py
class Module(ModuleBase):
    def __setattr__(self, name, value):
        if isinstance(value, Parameter):
            return self.register_parameter(name, value)
        if isinstance(value, ModuleBase):
            return self.add_module(name, value)
        for registry, register in (("_parameters", self.register_parameter), ("_modules", self.add_module),
                                   ("_buffers", self.register_buffer)):
            if name in self.__dict__.get(registry, ()):
                return register(name, value)
        self.__dict__[name] = value
