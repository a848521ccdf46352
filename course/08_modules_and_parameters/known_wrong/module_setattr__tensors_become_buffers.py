# visible: fails
# mistake: every plain Tensor becomes a buffer
# why: only register_buffer makes a buffer; a plain Tensor stays a plain attribute, so state_dict gains keys PyTorch does not have.
# see: Parameter: a tensor that says "learn me"
# hint: which kinds of value does rule 4 leave as plain attributes?
class Module(ModuleBase):
    def __setattr__(self, name, value):
        if isinstance(value, Parameter) or name in self.__dict__.get("_parameters", {}):
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            self.add_module(name, value)
        elif name in self.__dict__.get("_modules", {}):
            self.add_module(name, value)
        elif name in self.__dict__.get("_buffers", {}) or isinstance(value, Tensor):
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
