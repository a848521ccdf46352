# heldout: seeds with the output's value
def forward_backward(x, y, z):
    """Forward values and gradients of f = (x*y + z) / exp(x), computed step by step by hand."""
    a = x * y
    b = a + z
    c = math.exp(x)
    f = b / c

    df_df = f
    df_db = df_df * (1 / c)
    df_dc = df_df * (-b / c**2)
    df_da = df_db
    df_dz = df_db
    df_dx = df_dc * c + df_da * y
    df_dy = df_da * x
    values = dict(a=a, b=b, c=c, f=f)
    grads = dict(f=df_df, c=df_dc, b=df_db, a=df_da, x=df_dx, y=df_dy, z=df_dz)
    return values, grads
