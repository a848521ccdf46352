# visible: passes
# Writes into the dictionaries instead of calling the register methods: nothing is type-checked
# and an old plain attribute of the same name is left in __dict__, where it shadows the new value.
class Module(ModuleBase):
    def __setattr__(self, name, value):
        if isinstance(value, Parameter) or name in self.__dict__.get("_parameters", {}):
            self.__dict__["_parameters"][name] = value
        elif isinstance(value, Module) or name in self.__dict__.get("_modules", {}):
            self.__dict__["_modules"][name] = value
        elif name in self.__dict__.get("_buffers", {}):
            self.__dict__["_buffers"][name] = value
        else:
            object.__setattr__(self, name, value)
