# Wrong: rule 5 writes self.__dict__[name] directly instead of object.__setattr__, which skips a property's setter defined on the class.
class Module(ModuleBase):
    def __setattr__(self, name, value):
        params = self.__dict__.get("_parameters", {})
        modules = self.__dict__.get("_modules", {})
        buffers = self.__dict__.get("_buffers", {})
        if isinstance(value, Parameter) or name in params:
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            self.add_module(name, value)
        elif name in modules:
            self.add_module(name, value)
        elif name in buffers:
            self.register_buffer(name, value)
        else:
            self.__dict__[name] = value
