/*
 * main.cpp — the QML demo: a music library (genres, artists, albums,
 * tracks: three levels of sections) in a QML ListView over a FoldListModel
 * (Main.qml), with sticky headers from FoldListModel::stickyHeaders().
 *
 *   foldtable-qt-demo-qml                    a window
 *   foldtable-qt-demo-qml --screenshot PATH  collapse "Rock", scroll to the end
 *                                            of "Goldberg Variations", save a PNG
 *                                            (QQuickWindow::grabWindow), exit
 *   foldtable-qt-demo-qml --self-test        toggle through the model and by a
 *                                            tap, scroll, check the sticky
 *                                            headers; exit code 0 or 1
 *
 * Offscreen (QT_QPA_PLATFORM=offscreen, as ctest runs it) Qt Quick draws
 * with its software renderer: there is no OpenGL there.
 */
#include <FoldListModel.h>

#include <QCommandLineParser>
#include <QGuiApplication>
#include <QHash>
#include <QImage>
#include <QQmlEngine>
#include <QQuickItem>
#include <QQuickView>
#include <QTest>

#include <algorithm>
#include <cstdio>

#include "../demo-check.h"

namespace {

/* Track names: the engine has none; customData gives them. A name with a
 * second line ("title\nnote") is drawn in a taller row. */
class LibraryModel : public FoldListModel
{
public:
    QHash<fold_section_id, QStringList> tracks;

protected:
    QVariant customData(int, const fold_item &item, int role) const override
    {
        if (role != Qt::DisplayRole || item.kind != FOLD_ITEM_ROW)
            return {};
        const QStringList names = tracks.value(item.section);
        return item.row < names.size() ? names.at(int(item.row)) : QString();
    }
};

/* key, header ("Title|Detail"), parent key ("" = top), tracks ("" = numbered
 * "Part N"), how many when numbered, collapsed */
struct Spec {
    const char *key, *header, *parent, *tracks;
    int numbered;
    bool collapsed;
};
const Spec kLibrary[] = {
    {"jazz", "Jazz|3 artists", "", "", 0, false},
    {"jazz/miles", "Miles Davis|1926–1991", "jazz", "", 0, false},
    {"jazz/miles/kob", "Kind of Blue|1959", "jazz/miles",
     "So What\nModal, in D Dorian|Freddie Freeloader|Blue in Green|All Blues|Flamenco Sketches", 0, false},
    {"jazz/miles/brew", "Bitches Brew|1970", "jazz/miles",
     "Pharaoh's Dance|Bitches Brew|Spanish Key|John McLaughlin|Miles Runs the Voodoo Down|Sanctuary", 0, true},
    {"jazz/coltrane", "John Coltrane|1926–1967", "jazz", "", 0, false},
    {"jazz/coltrane/als", "A Love Supreme|1965", "jazz/coltrane",
     "Acknowledgement\nPart I of the suite|Resolution|Pursuance|Psalm", 0, false},
    {"jazz/coltrane/giant", "Giant Steps|1960", "jazz/coltrane",
     "Giant Steps|Cousin Mary|Countdown|Spiral|Syeeda's Song Flute|Naima|Mr. P.C.", 0, false},
    {"jazz/monk", "Thelonious Monk|1917–1982", "jazz", "", 0, false},
    {"jazz/monk/brilliant", "Brilliant Corners|1957", "jazz/monk",
     "Brilliant Corners|Ba-lue Bolivar Ba-lues-are|Pannonica|I Surrender, Dear|Bemsha Swing", 0, false},
    {"classical", "Classical|Baroque to Romantic", "", "", 0, false},
    {"classical/bach", "J. S. Bach|1685–1750", "classical", "", 0, false},
    {"classical/bach/goldberg", "Goldberg Variations|BWV 988", "classical/bach", "", 32, false},
    {"classical/bach/cello", "Cello Suites|BWV 1007–1012", "classical/bach", "", 6, true},
    {"classical/beethoven", "Beethoven|1770–1827", "classical", "", 0, false},
    {"classical/beethoven/9", "Symphony No. 9|Op. 125", "classical/beethoven",
     "Allegro ma non troppo|Molto vivace|Adagio molto e cantabile|Finale\nOde to Joy", 0, false},
    {"classical/beethoven/sonatas", "Piano Sonatas|1795–1822", "classical/beethoven",
     "Pathétique\nNo. 8 in C minor|Moonlight\nNo. 14 in C-sharp minor|Waldstein|Appassionata|Les Adieux|"
     "Hammerklavier",
     0, false},
    {"classical/chopin", "Chopin|1810–1849", "classical", "", 0, false},
    {"classical/chopin/nocturnes", "Nocturnes|Op. 9, 15, 27", "classical/chopin",
     "Op. 9 No. 1|Op. 9 No. 2|Op. 15 No. 1|Op. 15 No. 2|Op. 27 No. 2", 0, false},
    {"rock", "Rock|2 artists", "", "", 0, false},
    {"rock/floyd", "Pink Floyd|1965–2014", "rock", "", 0, false},
    {"rock/floyd/dsotm", "The Dark Side of the Moon|1973", "rock/floyd",
     "Speak to Me|Breathe|On the Run|Time|The Great Gig in the Sky|Money|Us and Them", 0, false},
    {"rock/radiohead", "Radiohead|1985–", "rock", "", 0, false},
    {"rock/radiohead/okc", "OK Computer|1997", "rock/radiohead",
     "Airbag|Paranoid Android|Subterranean Homesick Alien|Exit Music|Let Down|Karma Police", 0, false},
};

bool build(LibraryModel &model)
{
    fold_table *t = model.table();
    QHash<QByteArray, fold_section_id> ids;
    for (const Spec &s : kLibrary) {
        const fold_section_id parent = *s.parent ? ids.value(s.parent) : FOLD_ROOT;
        QStringList names = QString::fromUtf8(s.tracks).split(QLatin1Char('|'), Qt::SkipEmptyParts);
        for (int n = 1; n <= s.numbered; n++)
            names << (n == 1 ? QStringLiteral("Aria") : QStringLiteral("Variatio %1").arg(n - 1));
        fold_section_id id = 0;
        if (fold_table_insert_section(t, parent, FOLD_INDEX_END, s.key, s.header, names.size(),
                                      s.collapsed ? FOLD_SECTION_COLLAPSED : 0, &id) != FOLD_OK) {
            std::fprintf(stderr, "insert %s: %s\n", s.key, fold_last_error_message());
            return false;
        }
        ids.insert(s.key, id);
        const int depth = int(QByteArray(s.key).count('/'));
        fold_table_set_section_height(t, id, FOLD_HEIGHT_HEADER, depth == 0 ? 40 : depth == 1 ? 34 : 30);
        fold_table_set_section_height(t, id, FOLD_HEIGHT_ROW, 30);
        for (int r = 0; r < names.size(); r++)
            if (names.at(r).contains(QLatin1Char('\n')))
                fold_table_set_row_height(t, id, r, 46);
        model.tracks.insert(id, names);
    }
    return true;
}


/* Lets the ListView lay out and the window render. */
void settle(QQuickView &view)
{
    for (int i = 0; i < 3; i++) {
        QCoreApplication::processEvents();
        /* Delegates the ListView let go are deleted later: now. */
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        view.grabWindow(); /* a frame: polish, layout, sync */
    }
}

/* Scrolls the list down to contentY `y` as a user would, a screen at most
 * per step: ListView then makes every delegate on the way, so its item
 * positions are the engine's tops (positionViewAtIndex far away makes
 * ListView guess the heights of the items it skips, and land elsewhere). */
void scrollTo(QQuickView &view, QQuickItem *list, double y)
{
    for (double at = list->property("contentY").toDouble(); at < y;) {
        at = std::min(y, at + list->height());
        list->setProperty("contentY", at);
        settle(view);
    }
}

/* The rows of the headers drawn stuck on top (Main.qml's stickyRows). */
QList<int> stickyRows(QQuickItem *root)
{
    QList<int> rows;
    for (const QVariant &v : root->property("stickyRows").toList())
        rows << v.toInt();
    return rows;
}

int selfTest(QQuickView &view, LibraryModel &model)
{
    QQuickItem *root = view.rootObject();
    auto *list = root->findChild<QQuickItem *>(QStringLiteral("list"));
    CHECK(list);
    settle(view);
    const int all = model.rowCount();
    CHECK(list->property("count").toInt() == all);
    /* Toggle "Jazz" through the model: its 29 items below the header go
     * (3 artists, 5 albums, 21 tracks shown; Bitches Brew is collapsed). */
    const int jazz = model.headerRow(QStringLiteral("jazz"));
    CHECK(jazz == 0);
    CHECK(model.toggle(jazz));
    settle(view);
    CHECK(model.rowCount() == all - 29);
    CHECK(list->property("count").toInt() == all - 29);
    /* A tap on its header (the list's first delegate, 40 high) expands it. */
    QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(100, 20));
    settle(view);
    CHECK(model.rowCount() == all);
    CHECK(list->property("count").toInt() == all);
    /* Scroll three tracks into the Goldberg Variations: Classical, Bach and
     * the album stick, exactly at the engine's offset of that track. */
    const int goldberg = model.headerRow(QStringLiteral("classical/bach/goldberg"));
    CHECK(goldberg > 0);
    double top = -1;
    fold_table_item_top(model.table(), goldberg + 4, &top);
    scrollTo(view, list, top);
    CHECK(list->property("contentY").toDouble() == top);
    CHECK(root->property("engineOffset").toDouble() == top);
    const QList<int> expected{model.headerRow(QStringLiteral("classical")),
                              model.headerRow(QStringLiteral("classical/bach")), goldberg};
    CHECK(stickyRows(root) == expected);
    /* The overlay draws them: the outermost at the very top. */
    auto *overlay = root->findChild<QQuickItem *>(QStringLiteral("stickyOverlay"));
    CHECK(overlay);
    QStringList titles;
    QList<qreal> ys;
    for (QQuickItem *bar : overlay->childItems())
        if (bar->objectName() == QStringLiteral("stickyHeader")) {
            titles << bar->property("title").toString();
            ys << bar->y();
        }
    CHECK(titles == (QStringList{QStringLiteral("Classical"), QStringLiteral("J. S. Bach"),
                                 QStringLiteral("Goldberg Variations")}));
    CHECK(ys == (QList<qreal>{0, 40, 74}));
    /* A tap on the stuck album header collapses it; it stays where it was
     * tapped, under Classical (40) and Bach (34). */
    QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(100, 40 + 34 + 15));
    settle(view);
    fold_item item{};
    fold_table_item_at(model.table(), goldberg, &item);
    CHECK(item.flags & FOLD_ITEM_FLAG_COLLAPSED);
    CHECK(model.rowCount() == all - 32);
    /* Still in the stack: the offset below Classical and Bach is its top. */
    CHECK(stickyRows(root) == expected);
    double headerTop = -1;
    fold_table_item_top(model.table(), goldberg, &headerTop);
    CHECK(headerTop - root->property("engineOffset").toDouble() == 40 + 34);
    std::printf("self-test: ok (%d rows)\n", model.rowCount());
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariable("QT_QPA_PLATFORM") == QStringLiteral("offscreen"))
        QQuickWindow::setGraphicsApi(QSGRendererInterface::Software);
    QGuiApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                  QStringLiteral("Collapse Rock, scroll to the end of the Goldberg Variations, save a PNG, exit."),
                                  QStringLiteral("PATH"));
    QCommandLineOption selfTestOption(QStringLiteral("self-test"), QStringLiteral("Drive it; exit code."));
    parser.addOptions({screenshot, selfTestOption});
    parser.process(app);

    qmlRegisterUncreatableType<FoldListModel>("FoldTable", 1, 0, "FoldListModel",
                                              QStringLiteral("made in C++, given to Main.qml"));
    LibraryModel model;
    if (!build(model))
        return 1;
    QQuickView view;
    view.setInitialProperties({{QStringLiteral("foldModel"), QVariant::fromValue<FoldListModel *>(&model)}});
    view.setResizeMode(QQuickView::SizeRootObjectToView);
    view.setSource(QUrl(QStringLiteral("qrc:/foldtable/Main.qml")));
    if (view.status() != QQuickView::Ready) {
        for (const QQmlError &e : view.errors())
            std::fprintf(stderr, "%s\n", qPrintable(e.toString()));
        return 1;
    }
    view.setTitle(QStringLiteral("FoldTable in QML"));
    view.resize(420, 560);
    view.show();

    if (parser.isSet(selfTestOption)) {
        if (!QTest::qWaitForWindowExposed(&view))
            return 1;
        return selfTest(view, model);
    }
    if (parser.isSet(screenshot)) {
        if (!QTest::qWaitForWindowExposed(&view))
            return 1;
        model.collapse(model.headerRow(QStringLiteral("rock")));
        auto *list = view.rootObject()->findChild<QQuickItem *>(QStringLiteral("list"));
        settle(view);
        /* Near the end of the Goldberg Variations: Classical and Bach stuck,
         * the album's header pushed 12 px up behind Bach's by the end of its
         * section, the collapsed Cello Suites below. */
        double cello = 0;
        fold_table_item_top(model.table(), model.headerRow(QStringLiteral("classical/bach/cello")), &cello);
        scrollTo(view, list, cello - 40 - 34 - 30 + 12);
        /* Qt Quick's software renderer repaints only what it takes to have
         * changed; after the scroll steps under the ListView's clip it left
         * stale track names in the picture (Qt 6.4, offscreen). Changing
         * the root's opacity makes it repaint everything. */
        view.rootObject()->setOpacity(0.999);
        settle(view);
        view.rootObject()->setOpacity(1);
        settle(view);
        const QString path = parser.value(screenshot);
        if (!view.grabWindow().save(path)) {
            std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
            return 1;
        }
        std::printf("wrote %s\n", qPrintable(path));
        return 0;
    }
    return app.exec();
}
