# source: tests/unusual_correct/08_modules_and_parameters/module_setattr__getattr_default_and_super.py
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
