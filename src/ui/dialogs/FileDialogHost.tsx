/**
 * Where the photo picker ('Kies een foto') mounts in the editor file state. The picker is built
 * elsewhere; it places the chosen photo with `editor.placeInTarget(photo.localId)` and closes
 * with `navigation.close()`. Until it is wired nothing is shown here, and the header's cross
 * (quit) returns to the normal state.
 */
export function FileDialogHost() {
  return null;
}
