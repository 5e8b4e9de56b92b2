/*
 * qtbench.cpp — issue 40's Qt benchmark: QTreeView against FoldView and
 * FoldListModel, the same data on every side, in one run.
 *
 * Sides (sides.h): FoldView; FoldListModel in a QListView
 * (uniformItemSizes false); QTreeView with heights from a delegate's
 * sizeHint over a QStandardItemModel, over a minimal QAbstractItemModel
 * tree, and over that tree with uniformRowHeights(true) (every item as tall
 * as the first: what Qt apps do to stay fast, at the price of the heights).
 * All scroll per pixel, at 800x1080 on the offscreen platform.
 *
 * Operations, each timed together with settle() (events, the view's
 * pending delayed layout, a synchronous repaint), so lazy work is counted:
 * expand all, 200 scroll steps of one viewport through the middle (each
 * painted), one row's height changed (in view), jump to the end from the
 * top, collapse all. Each side runs the whole sequence once per repetition;
 * the order of the sides alternates between repetitions; the median is
 * reported, with each side's ratio to FoldView's median.
 *
 * After every operation the run checks what each side shows against the
 * data: the scroll range (content height - viewport height, from the
 * shape's heights), the offset, that the last item is drawn at the bottom
 * after the jump, and that the viewport was painted. A mismatch is printed
 * and makes the exit status 1. Never a time.
 *
 *   qtbench            10^5 rows, flat and nested, median of 5
 *   qtbench --full     10^5 and 10^6 rows
 *   qtbench --smoke    2,000 rows, 2 repetitions: runs and agrees (ctest)
 *   options: --reps R, --n N (one size), --shape flat|nested,
 *            --screenshots DIR (each side expanded, at the changed row)
 * Pin it (taskset -c 0); see bench/README.md.
 */
#include "shape.h"
#include "sides.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QPixmap>

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

using namespace qtbench;

namespace {

const char *const kOps[] = {"expand all + paint", "collapse all + paint",
                            "scroll: 200 viewports, each painted", "jump to end + paint",
                            "one row's height + paint"};
enum Op { ExpandAll, CollapseAll, Scroll, JumpToEnd, RowHeight, OpCount };

int failures = 0, checks = 0;

void expect(bool ok, const Side &side, const char *what, long long got, long long want)
{
    checks++;
    if (!ok) {
        failures++;
        std::fprintf(stderr, "qtbench: MISMATCH %s: %s: got %lld, want %lld\n", side.name().c_str(), what, got,
                     want);
    }
}

void expectEqual(const Side &side, const char *what, long long got, long long want)
{
    expect(got == want, side, what, got, want);
}

/* The scroll range a side must show: content height - viewport height. */
long long wantedMax(Side &side, const Shape &shape, bool expanded, int changedHeight)
{
    long long content;
    if (side.uniform())
        content = (expanded ? shape.expandedItems() : shape.collapsedItems()) * kHeaderHeight;
    else
        content = expanded ? shape.expandedHeight(changedHeight) : shape.collapsedHeight();
    return std::max(0LL, content - side.viewportHeight());
}

template <typename F> double timed(Side &side, F op)
{
    QElapsedTimer t;
    t.start();
    op();
    side.settle();
    return double(t.nsecsElapsed()) / 1e6;
}

/* One repetition of every operation on one side; times in ms into `out`. */
void runOnce(Side &side, const Shape &shape, int previousHeight, int height, std::vector<double> *out)
{
    int64_t paints = side.paints();
    out[ExpandAll].push_back(timed(side, [&] { side.expandAll(); }));
    expect(side.paints() > paints, side, "expand all painted", side.paints() - paints, 1);
    expectEqual(side, "scroll range after expand all", side.maxOffset(), wantedMax(side, shape, true, previousHeight));

    const int vh = side.viewportHeight();
    const int start = std::max(0, (side.maxOffset() + vh) / 2 - 100 * vh);
    side.setOffset(start);
    side.settle();
    paints = side.paints();
    out[Scroll].push_back(timed(side, [&] {
        for (int i = 1; i <= 200; i++) {
            side.setOffset(start + i * vh);
            side.settle();
        }
    }));
    expect(side.paints() - paints >= 200, side, "scroll steps painted", side.paints() - paints, 200);
    expectEqual(side, "offset after scrolling", side.offset(), std::min(start + 200 * vh, side.maxOffset()));

    side.showChangedRow();
    side.settle();
    paints = side.paints();
    out[RowHeight].push_back(timed(side, [&] { side.setChangedRowHeight(height); }));
    expect(side.paints() > paints, side, "row height painted", side.paints() - paints, 1);
    expectEqual(side, "scroll range after the row's height", side.maxOffset(), wantedMax(side, shape, true, height));

    side.setOffset(0);
    side.settle();
    paints = side.paints();
    out[JumpToEnd].push_back(timed(side, [&] { side.scrollToBottom(); }));
    expect(side.paints() > paints, side, "jump to end painted", side.paints() - paints, 1);
    expectEqual(side, "offset after the jump to the end", side.offset(), side.maxOffset());
    expectEqual(side, "last item at the bottom", side.bottomIsLast(), 1);

    paints = side.paints();
    out[CollapseAll].push_back(timed(side, [&] { side.collapseAll(); }));
    expect(side.paints() > paints, side, "collapse all painted", side.paints() - paints, 1);
    expectEqual(side, "scroll range after collapse all", side.maxOffset(), wantedMax(side, shape, false, height));
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string ms(double v)
{
    char buf[32];
    if (v >= 100)
        std::snprintf(buf, sizeof buf, "%.0f ms", v);
    else if (v >= 10)
        std::snprintf(buf, sizeof buf, "%.1f ms", v);
    else if (v >= 1)
        std::snprintf(buf, sizeof buf, "%.2f ms", v);
    else
        std::snprintf(buf, sizeof buf, "%.3f ms", v);
    return buf;
}

std::string ratio(double r)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, r >= 10 ? "%.0fx" : "%.1fx", r);
    return buf;
}

std::string machine()
{
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line, model = "unknown CPU";
    while (std::getline(cpuinfo, line))
        if (line.rfind("model name", 0) == 0) {
            model = line.substr(line.find(':') + 2);
            break;
        }
    std::string pinned;
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        for (int c = 0; c < CPU_SETSIZE; c++)
            if (CPU_ISSET(c, &set))
                pinned += (pinned.empty() ? "" : ",") + std::to_string(c);
    }
    return model + ", " + std::to_string(sysconf(_SC_NPROCESSORS_ONLN)) + " cores online, running on CPU " +
           pinned;
}

std::string loadAverage()
{
    std::ifstream f("/proc/loadavg");
    std::string a, b, c;
    f >> a >> b >> c;
    return a + " " + b + " " + c;
}

std::string fileName(std::string s)
{
    for (char &ch : s)
        if (!std::isalnum(static_cast<unsigned char>(ch)))
            ch = '-';
    return s;
}

[[noreturn]] void usage()
{
    std::fprintf(stderr, "usage: qtbench [--smoke | --full] [--reps R] [--n N] [--shape flat|nested] "
                         "[--screenshots DIR]\n");
    std::exit(2);
}

/* A whole number in [low, high], or usage(). */
long long number(const char *text, long long low, long long high)
{
    char *end = nullptr;
    const long long v = std::strtoll(text, &end, 10);
    if (end == text || *end != 0 || v < low || v > high) {
        std::fprintf(stderr, "qtbench: %s is not a number in [%lld, %lld]\n", text, low, high);
        usage();
    }
    return v;
}

void runShape(const Shape &shape, int reps, const QString &screenshots)
{
    std::printf("\n### %s: %s (N = %lld rows, %lld items expanded)\n\n", shape.name.c_str(),
                shape.description.c_str(), (long long)shape.rows, (long long)shape.expandedItems());
    std::printf("load average before: %s\n", loadAverage().c_str());
    std::vector<std::unique_ptr<Side>> sides;
    std::vector<double> build;
    auto add = [&](auto make) {
        QElapsedTimer t;
        t.start();
        sides.push_back(make());
        build.push_back(double(t.nsecsElapsed()) / 1e6);
    };
    add([&] { return makeFoldViewSide(shape); });
    add([&] { return makeListViewSide(shape); });
    add([&] { return makeTreeViewSide(shape, true, false); });
    add([&] { return makeTreeViewSide(shape, false, false); });
    add([&] { return makeTreeViewSide(shape, false, true); });
    for (auto &s : sides)
        expectEqual(*s, "viewport height", s->viewportHeight(), sides[0]->viewportHeight());

    std::vector<std::vector<std::vector<double>>> times(sides.size(), std::vector<std::vector<double>>(OpCount));
    const int base = shape.baseHeight();
    for (int rep = 0; rep < reps; rep++) {
        /* The row alternates between base + 10 and base: always a change. */
        const int previous = rep == 0 ? base : (rep % 2 ? base + 10 : base);
        const int height = rep % 2 ? base : base + 10;
        for (size_t k = 0; k < sides.size(); k++) {
            const size_t i = rep % 2 ? sides.size() - 1 - k : k;
            runOnce(*sides[i], shape, previous, height, times[i].data());
        }
    }

    std::printf("load average after: %s\n\n", loadAverage().c_str());
    std::printf("| op |");
    for (auto &s : sides)
        std::printf(" %s |", s->name().c_str());
    std::printf("\n|---|");
    for (size_t i = 0; i < sides.size(); i++)
        std::printf("---|");
    std::printf("\n");
    for (int op = 0; op < OpCount; op++) {
        std::printf("| %s |", kOps[op]);
        const double fold = median(times[0][size_t(op)]);
        for (size_t i = 0; i < sides.size(); i++) {
            const double m = median(times[i][size_t(op)]);
            if (i == 0)
                std::printf(" %s |", ms(m).c_str());
            else
                std::printf(" %s (%s) |", ms(m).c_str(), ratio(m / fold).c_str());
        }
        std::printf("\n");
    }
    std::printf("| build model and view (once) |");
    for (size_t i = 0; i < sides.size(); i++)
        std::printf(" %s |", ms(build[i]).c_str());
    std::printf("\n");
    std::fflush(stdout);

    if (!screenshots.isEmpty()) {
        QDir().mkpath(screenshots);
        for (auto &s : sides) {
            s->expandAll();
            s->showChangedRow();
            s->settle();
            const QString path = screenshots + QLatin1Char('/') +
                                 QString::fromStdString(fileName(shape.name + "-" + std::to_string(shape.rows) +
                                                                 "-" + s->name()) + ".png");
            if (!s->widget()->grab().save(path))
                std::fprintf(stderr, "qtbench: could not write %s\n", qPrintable(path));
            s->collapseAll();
            s->settle();
        }
    }
}

} // namespace

int main(int argc, char **argv)
{
    /* Offscreen unless told otherwise: no display needed, nothing shown. */
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);

    bool smoke = false, full = false;
    int reps = 0;
    long long onlyN = 0;
    std::string onlyShape;
    QString screenshots;
    for (int i = 1; i < argc; i++) {
        const std::string a = argv[i];
        const bool more = i + 1 < argc;
        if (a == "--smoke")
            smoke = true;
        else if (a == "--full")
            full = true;
        else if (a == "--reps" && more)
            reps = int(number(argv[++i], 1, 1000));
        else if (a == "--n" && more)
            /* Qt's rows are ints; 10^7 keeps every side's memory reasonable. */
            onlyN = number(argv[++i], 100, 10000000);
        else if (a == "--shape" && more)
            onlyShape = argv[++i];
        else if (a == "--screenshots" && more)
            screenshots = QString::fromLocal8Bit(argv[++i]);
        else
            usage();
    }
    if (reps == 0)
        reps = smoke ? 2 : 5;
    if (!onlyShape.empty() && onlyShape != "flat" && onlyShape != "nested")
        usage();
    std::vector<long long> sizes = smoke ? std::vector<long long>{2000}
                                   : full ? std::vector<long long>{100000, 1000000}
                                          : std::vector<long long>{100000};
    if (onlyN)
        sizes = {onlyN};
    std::vector<std::string> shapes = {"flat", "nested"};
    if (!onlyShape.empty())
        shapes = {onlyShape};

    /* Every size and shape checked before anything runs. */
    for (long long n : sizes)
        for (const std::string &name : shapes)
            if (!shapeError(name, n).empty()) {
                std::fprintf(stderr, "qtbench: %s\n", shapeError(name, n).c_str());
                return 2;
            }

    std::printf("## qtbench: QTreeView against FoldView (issue 40)\n\n");
    std::printf("machine: %s; Qt %s, platform %s\n", machine().c_str(), qVersion(),
                qPrintable(QGuiApplication::platformName()));
    std::printf("views %dx%d, scrolling per pixel; rows 20-60 px (seeded), headers %d px; all collapsed to start; "
                "median of %d repetitions, sides alternating; times include the repaint, ratios are side / "
                "FoldView\n",
                kWidth, kHeight, kHeaderHeight, reps);
    for (long long n : sizes)
        for (const std::string &name : shapes)
            runShape(makeShape(name, n, 40), reps, screenshots);
    std::printf("\nchecks: %d, mismatches: %d\n", checks, failures);
    return failures ? 1 : 0;
}
