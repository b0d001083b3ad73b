"""``%pip`` in a cell of the static site: say that nothing can be installed here."""


async def get_transformed_code(argv):
    message = "%pip is not available on this site: it loads only the packages it was built with"
    return f"raise RuntimeError({message!r})\n"
