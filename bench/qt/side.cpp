/* side.cpp: what all sides share (sides.h). */
#include "sides.h"

#include <QCoreApplication>
#include <QEvent>
#include <QScrollBar>

namespace qtbench {

namespace {

/* Counts the viewport's paint events, so a run can check that each
 * operation really painted. */
class PaintCounter : public QObject
{
public:
    explicit PaintCounter(int64_t *count) : m_count(count) {}
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            ++*m_count;
        return false;
    }

private:
    int64_t *m_count;
};

} // namespace

void Side::watch()
{
    m_counter = std::make_unique<PaintCounter>(&m_paints);
    widget()->viewport()->installEventFilter(m_counter.get());
}

void Side::setOffset(int pixels)
{
    widget()->verticalScrollBar()->setValue(pixels);
}

void Side::settle()
{
    QCoreApplication::processEvents();
    widget()->viewport()->repaint();
}

int Side::offset()
{
    return widget()->verticalScrollBar()->value();
}

int Side::maxOffset()
{
    return widget()->verticalScrollBar()->maximum();
}

} // namespace qtbench
