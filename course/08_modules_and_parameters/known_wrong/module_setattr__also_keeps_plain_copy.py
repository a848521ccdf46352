# visible: fails
# mistake: registers and also keeps a plain copy
# why: the value goes into its registry and into __dict__; the name lives in two places, so self.bias = None later changes the copy while the old bias stays registered.
# see: How `self.x = value` is caught
# hint: in how many places may a registered value live?
class Module(ModuleBase):
    def __setattr__(self, name, value):
        if isinstance(value, Parameter) or name in self.__dict__.get("_parameters", {}):
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            self.add_module(name, value)
        object.__setattr__(self, name, value)
