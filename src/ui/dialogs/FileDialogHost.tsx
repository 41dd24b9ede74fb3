/**
 * Where the photo picker ('Kies een foto') mounts in the editor file state. The picker is built
 * elsewhere (src/ui/dialogs/file/FileDialog on main); wired here as
 * `<FileDialog onSelect={(photo) => editor.placeInTarget(photo.localId)} onClose={() => navigation.close()} />`. Until it is wired nothing is shown here, and the header's cross
 * (quit) returns to the normal state.
 */
export function FileDialogHost() {
  return null;
}
