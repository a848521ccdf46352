# visible: fails
# mistake: removes a name before registering it again
# why: popping the old entry first and registering anew puts a replaced parameter at the end of _parameters, so replacing a weight changes the order of parameters() and of the state_dict keys.
# see: How `self.x = value` is caught
# hint: what does register_parameter already do with a name that is in its own registry?
class Module(ModuleBase):
    def __setattr__(self, name, value):
        registries = self.__dict__
        if isinstance(value, Parameter) or name in registries.get("_parameters", {}):
            registries.get("_parameters", {}).pop(name, None)
            self.register_parameter(name, value)
        elif isinstance(value, Module) or name in registries.get("_modules", {}):
            registries.get("_modules", {}).pop(name, None)
            self.add_module(name, value)
        elif name in registries.get("_buffers", {}):
            registries["_buffers"].pop(name)
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
