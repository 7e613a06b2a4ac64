// The root is the screens' one user: whoever imports it is given the screens it composes.
@_exported import Screens
