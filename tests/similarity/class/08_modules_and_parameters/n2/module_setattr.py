# copy of u1: rename, comment added, the three lookups reordered
class Module(ModuleBase):
    def __setattr__(self, name, value):
        bufs = getattr(self, "_buffers", {})
        params = getattr(self, "_parameters", {})
        mods = getattr(self, "_modules", {})
        # new Parameter/Module, or a name that is already registered
        if isinstance(value, Parameter) or name in params:
            self.register_parameter(name, value)
        elif isinstance(value, Module) or name in mods:
            self.add_module(name, value)
        elif name in bufs:
            self.register_buffer(name, value)
        else:
            super().__setattr__(name, value)
