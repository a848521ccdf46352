# visible: fails
# mistake: thinks a change through a view cannot reach a saved base
# why: y = b * b saved b at version 0; the change through v moved the shared counter to 1, so backward through y raises.
# see: Views: one memory, one counter
# hint: which counter does v.mul_ add 1 to?
prediction = {
    "b": [1.0, 20.0, 30.0, 4.0],
    "versions": (1, 1),
    "y backward raises": False,
    "x.grad": [1.0, 10.0, 10.0, 1.0],
}
