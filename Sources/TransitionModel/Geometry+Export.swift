// Point, Size and Rect live in the Geometry module; a file that imports TransitionModel sees
// them too, as it always has.
@_exported import Geometry
