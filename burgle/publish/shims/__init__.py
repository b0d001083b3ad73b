"""Python packages the static site carries as wheels of their own, written from these
sources by ``burgle publish`` (:func:`burgle.publish.wheels.shim_wheel`); each subpackage
is one top-level package in the browser (``piplite`` here becomes ``piplite`` there).
docs/publishing.md, "What the static site is made of", says why each exists."""
