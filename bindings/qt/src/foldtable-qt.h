/*
 * foldtable-qt.h — FoldTable for Qt 6: the umbrella header of
 * libfoldtable-qt. It includes every public header:
 *
 *   FoldListModel.h   FoldListModel, a QAbstractListModel over a fold_table's
 *                     flat list (headers, rows, footers, placeholders)
 *   FoldView.h        FoldView, a QAbstractScrollArea that draws a
 *                     FoldListModel through a delegate
 *
 * The engine's own C interface (foldtable.h) comes with it.
 */
#ifndef FOLDTABLE_QT_H
#define FOLDTABLE_QT_H

#include "FoldListModel.h"
#include "FoldView.h"

#endif
