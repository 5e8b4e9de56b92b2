/*
 * demo-settings.cpp — a settings-style nested list in a FoldView: a few
 * hundred rows under three levels of sections with sticky headers,
 * variable row heights (one- and two-line settings), some sections
 * collapsed.
 *
 *   foldtable-qt-demo-settings                    a window
 *   foldtable-qt-demo-settings --screenshot PATH  collapse "Network", scroll
 *                                                 into "Arrangement", save a PNG
 *                                                 (QWidget::grab) and exit
 *   foldtable-qt-demo-settings --self-test        QTest keys and clicks,
 *                                                 checked; exit code 0 or 1
 */
#include <FoldView.h>

#include <QApplication>
#include <QCommandLineParser>
#include <QFont>
#include <QHash>
#include <QScrollBar>
#include <QTest>

#include <cstdio>

#include "demo-check.h"

namespace {

/* Row text: the engine has none; the model's customData gives it. */
class SettingsModel : public FoldListModel
{
public:
    QHash<fold_section_id, QStringList> rows;

protected:
    QVariant customData(int, const fold_item &item, int role) const override
    {
        if (role == Qt::DisplayRole && item.kind == FOLD_ITEM_ROW) {
            const QStringList names = rows.value(item.section);
            return item.row < names.size() ? names.at(int(item.row)) : QString();
        }
        if (role == Qt::FontRole && item.kind == FOLD_ITEM_HEADER) {
            QFont f;
            f.setBold(true);
            if (item.depth == 0)
                f.setPointSizeF(f.pointSizeF() * 1.2);
            return f;
        }
        return {};
    }
};

const char *const kWords[] = {"Brightness", "Night shift", "True tone", "Resolution", "Scaling",
                              "Refresh rate", "Wallpaper", "Accent colour", "Font size", "Animations",
                              "Auto-lock", "Notifications", "Sounds", "Keyboard clicks", "Location",
                              "Bluetooth", "Proxy", "DNS", "Firewall", "Updates", "Backups",
                              "Language", "Region", "Time zone", "Spelling", "Shortcuts"};

/* section key, header, parent key ("" = top), rows, collapsed */
struct Spec {
    const char *key, *header, *parent;
    int rows;
    bool collapsed;
};
const Spec kSections[] = {
    {"general", "General|Device and software", "", 6, false},
    {"general/about", "About", "general", 8, false},
    {"general/about/legal", "Legal", "general/about", 5, true},
    {"general/storage", "Storage", "general", 12, false},
    {"display", "Display|Screens and colour", "", 4, false},
    {"display/screen", "Built-in screen", "display", 10, false},
    {"display/screen/colour", "Colour profiles", "display/screen", 14, false},
    {"display/external", "External displays", "display", 9, false},
    {"display/external/arrange", "Arrangement", "display/external", 6, false},
    {"network", "Network|Wi-Fi, Ethernet, VPN", "", 5, false},
    {"network/wifi", "Wi-Fi", "network", 20, false},
    {"network/vpn", "VPN", "network", 8, false},
    {"network/vpn/profiles", "Profiles", "network/vpn", 12, false},
    {"privacy", "Privacy & Security", "", 10, false},
    {"privacy/location", "Location services", "privacy", 24, true},
    {"privacy/camera", "Camera", "privacy", 7, false},
    {"privacy/camera/apps", "Apps", "privacy/camera", 15, false},
    {"sound", "Sound", "", 6, false},
    {"sound/output", "Output", "sound", 9, false},
    {"sound/input", "Input", "sound", 9, true},
    {"accessibility", "Accessibility|Vision, hearing, motor", "", 8, false},
    {"accessibility/vision", "Vision", "accessibility", 16, false},
    {"accessibility/vision/zoom", "Zoom", "accessibility/vision", 11, false},
    {"accessibility/hearing", "Hearing", "accessibility", 10, false},
    {"keyboard", "Keyboard", "", 12, false},
    {"keyboard/shortcuts", "Shortcuts", "keyboard", 30, true},
    {"advanced", "Advanced", "", 14, false},
    {"advanced/developer", "Developer", "advanced", 22, false},
    {"advanced/developer/logging", "Logging", "advanced/developer", 18, false},
};

bool build(SettingsModel &model)
{
    fold_table *t = model.table();
    QHash<QByteArray, fold_section_id> ids;
    int n = 0;
    for (const Spec &s : kSections) {
        const fold_section_id parent = *s.parent ? ids.value(s.parent) : FOLD_ROOT;
        fold_section_id id = 0;
        if (fold_table_insert_section(t, parent, FOLD_INDEX_END, s.key, s.header, s.rows,
                                      s.collapsed ? FOLD_SECTION_COLLAPSED : 0, &id) != FOLD_OK) {
            std::fprintf(stderr, "insert %s: %s\n", s.key, fold_last_error_message());
            return false;
        }
        ids.insert(s.key, id);
        QStringList names;
        for (int r = 0; r < s.rows; r++, n++) {
            const QString word = QString::fromUtf8(kWords[n % (sizeof kWords / sizeof *kWords)]);
            /* Every third setting has a second line: taller. */
            if (n % 3 == 0) {
                names << word + QStringLiteral("\nWhen on, %1 follows the system").arg(word.toLower());
                fold_table_set_row_height(t, id, r, 52);
            } else {
                names << word;
            }
        }
        fold_table_set_section_height(t, id, FOLD_HEIGHT_HEADER, *s.parent ? 30 : 40);
        model.rows.insert(id, names);
    }
    return true;
}


int selfTest(FoldView &view, SettingsModel &model)
{
    fold_table *t = model.table();
    auto flags = [&](int row) {
        fold_item item{};
        fold_table_item_at(t, row, &item);
        return item.flags;
    };
    view.setFocus();
    QTest::keyClick(&view, Qt::Key_Home);
    CHECK(view.currentRow() == 0);
    QTest::keyClick(&view, Qt::Key_Down);
    CHECK(view.currentRow() == 1);
    /* Click the "Network" header: it collapses. */
    const int network = model.headerRow(QStringLiteral("network"));
    CHECK(network > 0);
    view.scrollToRow(network, FOLD_ALIGN_START);
    const int before = model.rowCount();
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, view.visualRect(network).center());
    CHECK(flags(network) & FOLD_ITEM_FLAG_COLLAPSED);
    CHECK(model.rowCount() < before);
    CHECK(view.currentRow() == network);
    /* '+' expands it again, '-' collapses. */
    QTest::keyClick(&view, Qt::Key_Plus);
    CHECK(!(flags(network) & FOLD_ITEM_FLAG_COLLAPSED));
    CHECK(model.rowCount() == before);
    /* End goes to the last item and scrolls to the bottom. */
    QTest::keyClick(&view, Qt::Key_End);
    CHECK(view.currentRow() == model.rowCount() - 1);
    CHECK(view.verticalScrollBar()->value() == view.verticalScrollBar()->maximum());
    CHECK(view.viewport()->rect().contains(view.visualRect(view.currentRow())));
    /* Shift+Up selects two rows. */
    QTest::keyClick(&view, Qt::Key_Up, Qt::ShiftModifier);
    int64_t selected = 0;
    fold_table_selection_count(t, FOLD_ROOT, &selected, nullptr);
    CHECK(selected == 2);
    /* Scrolled inside a nested section, its headers stick: the top pixel
     * row shows the outermost one. */
    const int colour = model.headerRow(QStringLiteral("display/screen/colour"));
    view.scrollToRow(colour + 3, FOLD_ALIGN_START);
    CHECK(view.indexAt(QPoint(10, 1)) == model.headerRow(QStringLiteral("display")));
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
                                  QStringLiteral("Collapse Network, scroll into Arrangement, save a PNG, exit."),
                                  QStringLiteral("PATH"));
    QCommandLineOption selfTestOption(QStringLiteral("self-test"), QStringLiteral("Drive it with QTest; exit code."));
    QCommandLineOption rtl(QStringLiteral("rtl"), QStringLiteral("Right-to-left layout."));
    parser.addOptions({screenshot, selfTestOption, rtl});
    parser.process(app);

    SettingsModel model;
    if (!build(model))
        return 1;
    FoldView view;
    view.setModel(&model);
    view.setWindowTitle(QStringLiteral("FoldTable settings (Qt)"));
    view.resize(420, 560);
    if (parser.isSet(rtl))
        view.setLayoutDirection(Qt::RightToLeft);
    view.show();

    if (parser.isSet(selfTestOption)) {
        if (!QTest::qWaitForWindowExposed(&view))
            return 1;
        return selfTest(view, model);
    }
    if (parser.isSet(screenshot)) {
        model.collapse(model.headerRow(QStringLiteral("network")));
        /* Into "Arrangement", so Display, External displays and Arrangement
         * stick above it, with the collapsed Network and what follows below. */
        const int arrange = model.headerRow(QStringLiteral("display/external/arrange"));
        view.scrollToRow(arrange + 3, FOLD_ALIGN_START);
        view.setScrollOffset(view.scrollOffset() - 12); /* a row cut at the top, under the headers */
        fold_table_set_focus(model.table(), arrange + 5);
        fold_table_select_item(model.table(), arrange + 5, FOLD_SELECT_REPLACE, nullptr);
        view.activateWindow();
        view.setFocus();
        (void)QTest::qWaitForWindowActive(&view, 1000); /* for the focus frame; not required */
        QApplication::processEvents();
        const QString path = parser.value(screenshot);
        if (!view.grab().save(path)) {
            std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
            return 1;
        }
        std::printf("wrote %s\n", qPrintable(path));
        return 0;
    }
    return app.exec();
}
