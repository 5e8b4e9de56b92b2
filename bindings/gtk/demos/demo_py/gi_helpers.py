"""What PyGObject needs help with here: out values, and rendering a
snapshot to a PNG through ctypes."""

import os


def last_out(result):
    """A call's out value: PyGObject returns (ok, out) or just out, as the
    typelib annotates the boolean."""
    return result[-1] if isinstance(result, tuple) else result


def render_to_png(snapshot, renderer, width, height, path):
    """gtk_snapshot_to_node -> gsk_renderer_render_texture ->
    gdk_texture_save_to_png. Called through ctypes on the objects' C
    pointers, because PyGObject (3.42) cannot marshal GskRenderNode
    subclasses (Gtk.Snapshot.to_node raises TypeError)."""
    import ctypes
    from ctypes import POINTER, c_char_p, c_float, c_int, c_void_p

    capsule = ctypes.pythonapi.PyCapsule_GetPointer
    capsule.restype, capsule.argtypes = c_void_p, [ctypes.py_object, c_char_p]
    gtk = ctypes.CDLL("libgtk-4.so.1")
    gobject = ctypes.CDLL("libgobject-2.0.so.0")
    gtk.gtk_snapshot_to_node.restype, gtk.gtk_snapshot_to_node.argtypes = c_void_p, [c_void_p]
    gtk.gsk_renderer_render_texture.restype = c_void_p
    gtk.gsk_renderer_render_texture.argtypes = [c_void_p, c_void_p, POINTER(c_float)]
    gtk.gdk_texture_save_to_png.restype = c_int
    gtk.gdk_texture_save_to_png.argtypes = [c_void_p, c_char_p]
    gtk.gsk_render_node_unref.argtypes = [c_void_p]
    gobject.g_object_unref.argtypes = [c_void_p]

    node = gtk.gtk_snapshot_to_node(capsule(snapshot.__gpointer__, None))
    if not node:
        return False
    viewport = (c_float * 4)(0, 0, width, height)  # graphene_rect_t
    texture = gtk.gsk_renderer_render_texture(capsule(renderer.__gpointer__, None), node, viewport)
    gtk.gsk_render_node_unref(node)
    if not texture:
        return False
    saved = gtk.gdk_texture_save_to_png(texture, os.fsencode(path))
    gobject.g_object_unref(texture)
    return bool(saved)

