# visible: passes
# mistake: rule 5 writes into __dict__ instead of calling object.__setattr__
# why: object.__setattr__ runs a property's setter defined on the class; a write into self.__dict__ skips it, so gauge.level = 3 stores 3 where the setter would have stored 6.
# see: Exercise 1 · `Module.__setattr__` (3 points)
# hint: what does object.__setattr__ do that a dictionary write does not?
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
