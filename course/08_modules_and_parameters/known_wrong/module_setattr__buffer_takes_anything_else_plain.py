# visible: passes
# mistake: a buffer's name keeps its registry only for a Tensor or None
# why: rule 4 sends every value for a registered buffer name to register_buffer, which refuses a float with TypeError (as PyTorch does); tested first, the float slips past rule 4 and becomes a plain attribute beside the buffer.
# see: Exercise 1 · `Module.__setattr__` (3 points)
# hint: who checks the value: your test, or register_buffer?
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
        elif name in buffers and (value is None or isinstance(value, Tensor)):
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
