/* fold-keyboard.c: see fold-keyboard.h. One translation of GDK keys for
 * FoldExpander and for views that draw a table themselves. */
#include "fold-keyboard.h"

/**
 * fold_keyboard_key_for_event:
 * @widget: the view that got the key (its text direction decides Left
 *   and Right)
 * @keyval: the event's GDK keyval
 * @state: the event's modifier state
 * @out_key: (out) (optional): the engine's key
 * @out_modifiers: (out) (optional): the engine's modifiers
 *
 * Which key of the engine's keyboard model (fold_store_press_key(),
 * fold_table_press_key()) a key event is, as #FoldExpander reads it: the
 * arrows (Left and Right swapped in right-to-left text: Left always goes
 * toward the line's start), Home, End, the pages and Space, also on the
 * keypad, with Shift and Ctrl as modifiers; `+`, `-` (or `/`) and `*`,
 * also on the keypad, without modifiers (Shift is how some layouts type
 * them; Ctrl with them is the app's, zoom for one). Keys with Alt, Super,
 * Meta or Hyper are the app's. A view that draws its items itself passes
 * its key events through this and then fold_store_press_key().
 *
 * Cost: O(1).
 *
 * Returns: %TRUE if the event is one of the model's keys; %FALSE (outputs
 *   untouched) if it is the app's
 */
gboolean
fold_keyboard_key_for_event(GtkWidget *widget, guint keyval, GdkModifierType state,
                            FoldKeyboardKey *out_key, FoldModifiers *out_modifiers)
{
    if (state & (GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK | GDK_HYPER_MASK))
        return FALSE;
    gboolean rtl = widget && gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
    FoldKeyboardKey key;
    switch (keyval) {
    case GDK_KEY_Up: case GDK_KEY_KP_Up: key = FOLD_KEYBOARD_KEY_UP; break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: key = FOLD_KEYBOARD_KEY_DOWN; break;
    case GDK_KEY_Left: case GDK_KEY_KP_Left: key = rtl ? FOLD_KEYBOARD_KEY_RIGHT : FOLD_KEYBOARD_KEY_LEFT; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: key = rtl ? FOLD_KEYBOARD_KEY_LEFT : FOLD_KEYBOARD_KEY_RIGHT; break;
    case GDK_KEY_Home: case GDK_KEY_KP_Home: key = FOLD_KEYBOARD_KEY_HOME; break;
    case GDK_KEY_End: case GDK_KEY_KP_End: key = FOLD_KEYBOARD_KEY_END; break;
    case GDK_KEY_Page_Up: case GDK_KEY_KP_Page_Up: key = FOLD_KEYBOARD_KEY_PAGE_UP; break;
    case GDK_KEY_Page_Down: case GDK_KEY_KP_Page_Down: key = FOLD_KEYBOARD_KEY_PAGE_DOWN; break;
    case GDK_KEY_space: case GDK_KEY_KP_Space: key = FOLD_KEYBOARD_KEY_SPACE; break;
    case GDK_KEY_plus: case GDK_KEY_KP_Add: key = FOLD_KEYBOARD_KEY_PLUS; break;
    case GDK_KEY_minus: case GDK_KEY_KP_Subtract:
    case GDK_KEY_slash: case GDK_KEY_KP_Divide: key = FOLD_KEYBOARD_KEY_MINUS; break;
    case GDK_KEY_asterisk: case GDK_KEY_KP_Multiply: key = FOLD_KEYBOARD_KEY_ASTERISK; break;
    default: return FALSE;
    }
    FoldModifiers modifiers = 0;
    if (key == FOLD_KEYBOARD_KEY_PLUS || key == FOLD_KEYBOARD_KEY_MINUS || key == FOLD_KEYBOARD_KEY_ASTERISK) {
        if (state & GDK_CONTROL_MASK)
            return FALSE;
    } else {
        modifiers = (state & GDK_SHIFT_MASK ? FOLD_MODIFIERS_SHIFT : 0) |
                    (state & GDK_CONTROL_MASK ? FOLD_MODIFIERS_CTRL : 0);
    }
    if (out_key)
        *out_key = key;
    if (out_modifiers)
        *out_modifiers = modifiers;
    return TRUE;
}
