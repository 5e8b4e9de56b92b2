/*
 * demo-files.cpp — a file tree whose folders load lazily, in a FoldView.
 * Each folder is a section inserted FOLD_SECTION_UNLOADED; expanding it
 * (a click, Right, '+') starts a load: the engine shows a placeholder under
 * its header and calls the loader (fold_table_set_loader), which "reads"
 * the folder later (a QTimer, a slow disk) and hands the children to
 * fold_table_finish_load(), which replaces the placeholder by them. The
 * folder "Private" fails (fold_table_fail_load, "Permission denied"): its
 * placeholder shows the error, and activating it (Enter, double click)
 * retries. Collapsing a folder while it loads cancels the load; the late
 * answer is refused by the engine (FOLD_E_CANCELLED) and changes nothing.
 * The tree is the GTK files demo's made-up one, so runs are reproducible.
 *
 *   foldtable-qt-demo-files                    a window
 *   foldtable-qt-demo-files --screenshot PATH  open Home, Documents, Projects
 *                                              and Private (fails), start Music
 *                                              (still loading), save a PNG
 *   foldtable-qt-demo-files --self-test        QTest keys, checked; exit 0 or 1
 */
#include <FoldView.h>

#include <QApplication>
#include <QColor>
#include <QCommandLineParser>
#include <QHash>
#include <QLabel>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTest>
#include <QTimer>
#include <QVBoxLayout>

#include <cstdio>
#include <functional>
#include <memory>
#include <vector>

#include "demo-check.h"

namespace {

/* The made-up disk: a folder's subfolders and files ('|'-separated), or the
 * error reading it gives. */
struct Folder {
    const char *path, *folders, *files, *error;
};
const Folder kDisk[] = {
    {"Home", "Documents|Music|Pictures|Projects|Private", ".profile|todo.txt", nullptr},
    {"Home/Documents", "Letters", "budget.ods|cv.pdf|notes.md", nullptr},
    {"Home/Documents/Letters", "", "bank.odt|landlord.odt", nullptr},
    {"Home/Music", "Bach|Miles Davis", "playlist.m3u", nullptr},
    {"Home/Music/Bach", "", "Cello Suite No. 1.flac|Goldberg Variations.flac", nullptr},
    {"Home/Music/Miles Davis", "", "Kind of Blue.flac|So What.flac", nullptr},
    {"Home/Pictures", "Holidays 2025", "avatar.png|scan.jpg", nullptr},
    {"Home/Pictures/Holidays 2025", "", "beach.jpg|harbour.jpg|hills.jpg", nullptr},
    {"Home/Projects", "foldtable|website", "ideas.txt", nullptr},
    {"Home/Projects/foldtable", "", "CMakeLists.txt|README.md|foldtable.h", nullptr},
    {"Home/Projects/website", "", "index.html|style.css", nullptr},
    {"Home/Private", "", "", "Permission denied"},
    {"System", "", "fstab|hosts", nullptr},
};

const Folder *findFolder(const QByteArray &path)
{
    for (const Folder &f : kDisk)
        if (path == f.path)
            return &f;
    return nullptr;
}

QStringList names(const char *list)
{
    return QString::fromUtf8(list).split(QLatin1Char('|'), Qt::SkipEmptyParts);
}

/* File names: the engine has none; customData gives them, and icons. */
class FilesModel : public FoldListModel
{
public:
    explicit FilesModel(fold_table *table) : FoldListModel(table) {}
    QHash<fold_section_id, QStringList> files;

protected:
    QVariant customData(int, const fold_item &item, int role) const override
    {
        if (role == Qt::DisplayRole && item.kind == FOLD_ITEM_ROW) {
            const QStringList shown = files.value(item.section);
            return item.row < shown.size() ? shown.at(int(item.row)) : QString();
        }
        if (role == Qt::DecorationRole) {
            QStyle *style = QApplication::style();
            if (item.kind == FOLD_ITEM_HEADER)
                return style->standardIcon((item.flags & FOLD_ITEM_FLAG_COLLAPSED) ? QStyle::SP_DirClosedIcon
                                                                                   : QStyle::SP_DirOpenIcon);
            if (item.kind == FOLD_ITEM_ROW)
                return style->standardIcon(QStyle::SP_FileIcon);
            if (item.flags & FOLD_ITEM_FLAG_FAILED)
                return style->standardIcon(QStyle::SP_MessageBoxWarning);
        }
        if (role == Qt::ForegroundRole && item.kind == FOLD_ITEM_PLACEHOLDER)
            return QColor((item.flags & FOLD_ITEM_FLAG_FAILED) ? 0xb3261e : 0x7a8591);
        return {};
    }
};

/* A loading placeholder has no text in the model: the delegate writes one. */
class FilesDelegate : public QStyledItemDelegate
{
protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (index.data(FoldListModel::KindRole).toInt() != FoldListModel::Placeholder)
            return;
        option->font.setItalic(true);
        if (index.data(FoldListModel::LoadingRole).toBool())
            option->text = QStringLiteral("Loading…");
        else
            option->text += QStringLiteral(" — Enter to retry");
    }
};

/* The loader: a load waits `delay` ms (a slow disk), then its children, or
 * its error, go to the engine. Counts what happened for the status line. */
class Disk : public QObject
{
public:
    Disk(FilesModel &model, int delay) : m_model(model), m_delay(delay)
    {
        fold_table_set_loader(model.table(), onLoad, this);
    }
    ~Disk() override { fold_table_set_loader(m_model.table(), nullptr, nullptr); }

    int started = 0, cancelled = 0, failed = 0;
    int loading() const { return int(m_pending.size()); }
    std::function<void()> changed;

private:
    struct Load {
        fold_section_id section;
        QByteArray key;
    };

    static void onLoad(fold_table *, fold_section_id section, const char *key, uint64_t ticket,
                       int32_t event, void *self)
    {
        auto *disk = static_cast<Disk *>(self);
        if (event == FOLD_LOAD_START) {
            disk->m_pending.insert(ticket, Load{section, QByteArray(key)});
            disk->started++;
            QTimer::singleShot(disk->m_delay, disk, [disk, ticket] { disk->deliver(ticket); });
        } else if (disk->m_pending.remove(ticket)) {
            disk->cancelled++;
        }
        if (disk->changed)
            disk->changed();
    }

    void deliver(uint64_t ticket)
    {
        /* Cancelled meanwhile: the answer has nowhere to go. */
        if (!m_pending.contains(ticket))
            return;
        const Load load = m_pending.take(ticket);
        fold_table *t = m_model.table();
        const Folder *folder = findFolder(load.key);
        int status;
        if (!folder || folder->error) {
            status = fold_table_fail_load(t, load.section, ticket, folder ? folder->error : "No such folder");
            failed++;
        } else {
            /* Subfolders first (not read yet themselves), then the files. */
            const QStringList subfolders = names(folder->folders);
            std::vector<QByteArray> keys, headers;
            std::vector<fold_snapshot_entry> entries;
            for (const QString &name : subfolders) {
                keys.push_back(load.key + '/' + name.toUtf8());
                headers.push_back(name.toUtf8());
            }
            for (size_t i = 0; i < keys.size(); i++) {
                fold_snapshot_entry e{};
                e.kind = FOLD_SNAPSHOT_SECTION;
                e.key = keys[i].constData();
                e.header = headers[i].constData();
                e.flags = FOLD_SECTION_UNLOADED;
                entries.push_back(e);
            }
            const QStringList files = names(folder->files);
            fold_snapshot_entry rows{};
            rows.kind = FOLD_SNAPSHOT_ROWS;
            rows.rows = files.size();
            entries.push_back(rows);
            /* The names first: the model reads them as the rows appear. */
            const QStringList before = m_model.files.value(load.section);
            m_model.files.insert(load.section, files);
            status = fold_table_finish_load(t, load.section, ticket, entries.data(),
                                            int64_t(entries.size()), nullptr);
            if (status != FOLD_OK)
                m_model.files.insert(load.section, before);
        }
        /* A load that is over (collapsed, removed) refuses its answer, as it should. */
        if (status != FOLD_OK && status != FOLD_E_CANCELLED && status != FOLD_E_NOT_FOUND)
            qWarning("loading %s: %s", load.key.constData(), fold_last_error_message());
        if (changed)
            changed();
    }

    FilesModel &m_model;
    int m_delay;
    QHash<uint64_t, Load> m_pending;
};

struct TableFree {
    void operator()(fold_table *t) const { fold_table_free(t); }
};


/* Runs the event loop until no load is waiting (or 10 s went by: then the
 * checks after it fail on their exact counts). */
void waitForLoads(const Disk &disk)
{
    for (int i = 0; i < 500 && disk.loading() > 0; i++)
        QTest::qWait(20);
}

int selfTest(FoldView &view, FilesModel &model, Disk &disk)
{
    fold_table *t = model.table();
    auto item = [&](int row) {
        fold_item it{};
        fold_table_item_at(t, row, &it);
        return it;
    };
    auto state = [&](const char *key) {
        fold_section_id id = 0;
        fold_load_info info{};
        fold_table_find_section(t, key, &id);
        fold_table_load_info(t, id, &info);
        return info.state;
    };
    view.setFocus();
    CHECK(model.rowCount() == 2); /* Home, System: not read yet */
    QTest::keyClick(&view, Qt::Key_Home);
    CHECK(view.currentRow() == 0);
    /* Right on Home: it expands at once, a loading placeholder under it. */
    QTest::keyClick(&view, Qt::Key_Right);
    CHECK(model.rowCount() == 3);
    CHECK(item(1).kind == FOLD_ITEM_PLACEHOLDER && (item(1).flags & FOLD_ITEM_FLAG_LOADING));
    CHECK(model.index(1).data(FoldListModel::LoadingRole).toBool());
    CHECK(state("Home") == FOLD_LOAD_LOADING);
    CHECK(disk.loading() == 1);
    /* Then its 5 folders and 2 files replace the placeholder. */
    waitForLoads(disk);
    CHECK(state("Home") == FOLD_LOAD_LOADED);
    CHECK(model.rowCount() == 9);
    CHECK(model.index(1).data().toString() == QStringLiteral("Documents"));
    CHECK(model.index(6).data().toString() == QStringLiteral(".profile"));
    CHECK(model.index(8).data().toString() == QStringLiteral("System"));
    /* Down, Right: Documents loads (1 folder, 3 files). */
    QTest::keyClick(&view, Qt::Key_Down);
    CHECK(view.currentRow() == 1);
    QTest::keyClick(&view, Qt::Key_Right);
    CHECK(model.rowCount() == 10);
    CHECK(item(2).kind == FOLD_ITEM_PLACEHOLDER);
    waitForLoads(disk);
    CHECK(model.rowCount() == 13);
    CHECK(model.index(3).data().toString() == QStringLiteral("budget.ods"));
    /* Music (row 6): Right starts its load, Left collapses it at once: the
     * load is cancelled and its late answer refused. */
    for (int i = 0; i < 5; i++)
        QTest::keyClick(&view, Qt::Key_Down);
    CHECK(view.currentRow() == 6);
    CHECK(model.index(6).data(FoldListModel::TitleRole).toString() == QStringLiteral("Music"));
    QTest::keyClick(&view, Qt::Key_Right);
    CHECK(model.rowCount() == 14);
    QTest::keyClick(&view, Qt::Key_Left);
    CHECK(model.rowCount() == 13);
    CHECK(disk.cancelled == 1);
    CHECK(state("Home/Music") == FOLD_LOAD_UNLOADED);
    QTest::qWait(300); /* past the cancelled load's timer: nothing arrives */
    CHECK(model.rowCount() == 13);
    /* Private (row 9) fails: its placeholder shows why. */
    for (int i = 0; i < 3; i++)
        QTest::keyClick(&view, Qt::Key_Down);
    CHECK(view.currentRow() == 9);
    QTest::keyClick(&view, Qt::Key_Right);
    waitForLoads(disk);
    CHECK(model.rowCount() == 14);
    CHECK(item(10).kind == FOLD_ITEM_PLACEHOLDER && (item(10).flags & FOLD_ITEM_FLAG_FAILED));
    CHECK(model.index(10).data().toString() == QStringLiteral("Permission denied"));
    CHECK(state("Home/Private") == FOLD_LOAD_FAILED);
    CHECK(disk.failed == 1);
    /* Down to the placeholder, Enter: a retry (a new load), failing again. */
    QTest::keyClick(&view, Qt::Key_Down);
    CHECK(view.currentRow() == 10);
    QTest::keyClick(&view, Qt::Key_Return);
    CHECK(state("Home/Private") == FOLD_LOAD_LOADING);
    CHECK(item(10).flags & FOLD_ITEM_FLAG_LOADING);
    waitForLoads(disk);
    CHECK(disk.failed == 2);
    CHECK(model.rowCount() == 14);
    /* Loads started: Home, Documents, Music, Private twice. */
    CHECK(disk.started == 5);
    std::printf("self-test: ok (%d rows)\n", model.rowCount());
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                  QStringLiteral("Open some folders, one still loading, save a PNG, exit."),
                                  QStringLiteral("PATH"));
    QCommandLineOption selfTestOption(QStringLiteral("self-test"), QStringLiteral("Drive it with QTest; exit code."));
    parser.addOptions({screenshot, selfTestOption});
    parser.process(app);

    fold_table_options options;
    fold_table_options_init(&options);
    options.row_height = 26;
    options.header_height = 28;
    fold_table *raw = nullptr;
    if (fold_table_new(&options, &raw) != FOLD_OK) {
        std::fprintf(stderr, "fold_table_new: %s\n", fold_last_error_message());
        return 1;
    }
    /* Declared first: freed after the model and the loader that use it. */
    std::unique_ptr<fold_table, TableFree> table(raw);
    FilesModel model(raw);
    Disk disk(model, parser.isSet(selfTestOption) ? 100 : 300);
    for (const char *top : {"Home", "System"})
        if (fold_table_insert_section(raw, FOLD_ROOT, FOLD_INDEX_END, top, top, 0, FOLD_SECTION_UNLOADED,
                                      nullptr) != FOLD_OK) {
            std::fprintf(stderr, "insert %s: %s\n", top, fold_last_error_message());
            return 1;
        }

    FilesDelegate delegate; /* outlives the view */
    QWidget window;
    window.setWindowTitle(QStringLiteral("FoldTable files (Qt)"));
    auto *layout = new QVBoxLayout(&window);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    auto *view = new FoldView;
    view->setModel(&model);
    view->setItemDelegate(&delegate);
    auto *status = new QLabel;
    status->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(view);
    layout->addWidget(status);
    disk.changed = [&] {
        status->setText(QStringLiteral("%1 rows · %2 loading · %3 loads, %4 cancelled, %5 failed")
                            .arg(model.rowCount())
                            .arg(disk.loading())
                            .arg(disk.started)
                            .arg(disk.cancelled)
                            .arg(disk.failed));
    };
    QObject::connect(&model, &FoldListModel::countChanged, &window, [&] { disk.changed(); });
    disk.changed();
    window.resize(380, 620);
    window.show();

    int result = -1;
    if (parser.isSet(selfTestOption)) {
        result = QTest::qWaitForWindowExposed(&window) ? selfTest(*view, model, disk) : 1;
    } else if (parser.isSet(screenshot)) {
        auto open = [&](const char *key) {
            model.expand(model.headerRow(QString::fromUtf8(key)));
            waitForLoads(disk);
        };
        for (const char *key : {"Home", "Home/Documents", "Home/Projects", "Home/Projects/foldtable", "Home/Private"})
            open(key);
        /* Music stays loading in the picture. */
        model.expand(model.headerRow(QStringLiteral("Home/Music")));
        const int cv = model.headerRow(QStringLiteral("Home/Documents")) + 3; /* Letters, budget.ods, cv.pdf */
        fold_table_set_focus(raw, cv);
        fold_table_select_item(raw, cv, FOLD_SELECT_REPLACE, nullptr);
        view->setFocus();
        QApplication::processEvents();
        const QString path = parser.value(screenshot);
        if (window.grab().save(path)) {
            std::printf("wrote %s\n", qPrintable(path));
            result = 0;
        } else {
            std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
            result = 1;
        }
    }
    if (result < 0)
        result = app.exec();
    disk.changed = nullptr; /* the status label goes with the window */
    return result;
}
