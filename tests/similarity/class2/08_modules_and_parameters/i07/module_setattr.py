# source: written for this set, a student who writes guard clauses
class Module(ModuleBase):

    def __setattr__(self, name: str, value: Any) -> None:
        params = self.__dict__.get("_parameters")
        subs = self.__dict__.get("_modules")
        bufs = self.__dict__.get("_buffers")
        if isinstance(value, Parameter) or (params is not None and name in params):
            self.register_parameter(name, value)
            return
        if isinstance(value, Module) or (subs is not None and name in subs):
            self.add_module(name, value)
            return
        if bufs is not None and name in bufs:
            self.register_buffer(name, value)
            return
        object.__setattr__(self, name, value)
