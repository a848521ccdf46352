# visible: fails
# mistake: submodules are not registered
# why: a Module assigned to an attribute becomes a plain attribute, so its parameters are never listed.
# see: How `self.x = value` is caught
# hint: which rule handles a Module, and which method registers it?
class Module(ModuleBase):
    def __setattr__(self, name, value):
        if isinstance(value, Parameter):
            self.register_parameter(name, value)
        elif name in self.__dict__.get("_parameters", {}):
            self.register_parameter(name, value)
        elif name in self.__dict__.get("_buffers", {}):
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
