# visible: fails
# mistake: a Module tested before a registered parameter name (rule 3 before rule 2)
# why: lin.bias = a Module then goes to add_module, which takes the name out of _parameters: the bias becomes a submodule. PyTorch checks the registered parameter name first and raises TypeError (cannot assign ... as parameter 'bias').
# see: How `self.x = value` is caught
# hint: in which order does PyTorch ask "is the name a registered parameter?" and "is the value a Module?"
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, Parameter):
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            self.add_module(name, value)
        elif name in self.__dict__.get("_parameters", {}):
            self.register_parameter(name, value)
        elif name in self.__dict__.get("_modules", {}):
            self.add_module(name, value)
        elif name in self.__dict__.get("_buffers", {}):
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
