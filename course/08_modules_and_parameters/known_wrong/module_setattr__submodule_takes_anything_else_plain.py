# visible: passes
# mistake: a submodule's name keeps its registry only for None
# why: rule 4 sends every value for a registered submodule name to add_module, which refuses an int with TypeError (as PyTorch does); here the int becomes a plain attribute and net.second = 3 goes through.
# see: Exercise 1 · `Module.__setattr__` (3 points)
# hint: who checks the value: your test, or add_module?
class Module(ModuleBase):
    def __setattr__(self, name, value):
        params = self.__dict__.get("_parameters", {})
        modules = self.__dict__.get("_modules", {})
        buffers = self.__dict__.get("_buffers", {})
        if isinstance(value, Parameter) or name in params:
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            self.add_module(name, value)
        elif name in modules and value is None:
            self.add_module(name, value)
        elif name in buffers:
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
