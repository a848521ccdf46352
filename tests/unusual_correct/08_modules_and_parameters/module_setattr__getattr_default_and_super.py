# unusual: reads the registries with getattr(self, registry, {}) (safe before __init__ because ModuleBase.__getattr__ raises AttributeError) and stores plain values with super().__setattr__
# visible: passes
class Module(ModuleBase):
    def __setattr__(self, name, value):
        parameters = getattr(self, "_parameters", {})
        modules = getattr(self, "_modules", {})
        buffers = getattr(self, "_buffers", {})
        if isinstance(value, Parameter) or name in parameters:
            self.register_parameter(name, value)
        elif isinstance(value, Module) or name in modules:
            self.add_module(name, value)
        elif name in buffers:
            self.register_buffer(name, value)
        else:
            super().__setattr__(name, value)
