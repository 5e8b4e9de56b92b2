/* fold-keyboard.h — a GDK key event as the engine's keyboard model reads it. */
#ifndef FOLDTABLE_GTK_KEYBOARD_H
#define FOLDTABLE_GTK_KEYBOARD_H

#include <gtk/gtk.h>

#include "fold-enums.h"

G_BEGIN_DECLS

gboolean fold_keyboard_key_for_event(GtkWidget *widget, guint keyval, GdkModifierType state,
                                     FoldKeyboardKey *out_key, FoldModifiers *out_modifiers);

G_END_DECLS

#endif /* FOLDTABLE_GTK_KEYBOARD_H */
