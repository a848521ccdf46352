# visible: fails
# mistake: writes into the dictionaries
# why: nothing checks the value, so a plain Tensor is accepted as a parameter, and an old plain attribute of the same name stays in __dict__, where it hides the new value.
# see: Exercise 1 · `Module.__setattr__` (3 points)
# hint: which methods check the value and clear the name from the other places?
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
