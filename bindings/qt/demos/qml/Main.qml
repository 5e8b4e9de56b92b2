// Main.qml — a FoldListModel in a plain QtQuick ListView: one delegate for
// every item, drawn by its roles (kind, title, detail, indicator, depth,
// height, display), and the engine's sticky headers drawn over the list from
// FoldListModel.stickyHeaders(). Tap a header to fold or unfold it.
import QtQuick
import FoldTable

Rectangle {
    id: root

    required property FoldListModel foldModel
    // The engine's offset at the list's top edge, and the headers stuck
    // there (outermost first), as stickyHeaders() gives them.
    property real engineOffset: 0
    property var sticky: []
    readonly property var stickyRows: sticky.map(h => h.row)

    width: 420
    height: 560
    color: "white"
    Component.onCompleted: Qt.callLater(root.relayout)

    // ListView only estimates where items it has not made would be, so its
    // contentY is not the engine's offset: take the item at the top edge,
    // its engine top (the model's "top"), plus how far into it the view is.
    function updateSticky() {
        const at = list.indexAt(1, list.contentY)
        const item = at < 0 ? null : list.itemAtIndex(at)
        if (!item) {
            engineOffset = 0
            sticky = []
            return
        }
        const top = foldModel.data(foldModel.index(at, 0), FoldListModel.TopRole)
        if (top === undefined)
            return // a row being removed: relayout() asks again after the change
        engineOffset = top + (list.contentY - item.y)
        sticky = foldModel.stickyHeaders(engineOffset)
    }

    // After a change the ListView lays out at its next polish; ask after it.
    function relayout() {
        list.forceLayout()
        updateSticky()
    }

    // A stuck header that collapses takes its rows from under it: scroll so
    // that it stays where it was tapped, below the headers stuck above it.
    function tapStuck(header) {
        const drawnAt = header.top - engineOffset
        if (!foldModel.toggle(header.row) || header.collapsed)
            return
        list.forceLayout()
        // Its delegate is still there when it was stuck near its place;
        // positionViewAtIndex() when it is not (ListView then guesses).
        let item = list.itemAtIndex(header.row)
        if (!item) {
            list.positionViewAtIndex(header.row, ListView.Beginning)
            item = list.itemAtIndex(header.row)
        }
        if (item)
            list.contentY = item.y - drawnAt
        updateSticky()
    }

    // A section's header: in the list, and stuck over it.
    component HeaderBar: Rectangle {
        id: bar

        property string title
        property var detail
        property string indicator
        property int depth
        readonly property int indent: 20

        signal tapped

        color: depth === 0 ? "#e3eaf3" : depth === 1 ? "#edf1f6" : "#f6f8fb"

        Rectangle {
            anchors.bottom: parent.bottom
            width: parent.width
            height: 1
            color: "#d2d9e2"
        }
        Text {
            x: bar.depth * bar.indent
            width: bar.indent
            height: parent.height
            horizontalAlignment: Text.AlignHCenter
            verticalAlignment: Text.AlignVCenter
            text: bar.indicator
            color: "#56687d"
            font.pixelSize: 15
            font.bold: true
        }
        Text {
            id: titleText
            x: (bar.depth + 1) * bar.indent
            width: parent.width - x - detailText.width - 16
            anchors.verticalCenter: parent.verticalCenter
            text: bar.title
            elide: Text.ElideRight
            color: "#1b2531"
            font.pixelSize: bar.depth === 0 ? 16 : 14
            font.bold: true
        }
        Text {
            id: detailText
            anchors.right: parent.right
            anchors.rightMargin: 12
            anchors.verticalCenter: parent.verticalCenter
            text: bar.detail === undefined ? "" : bar.detail
            color: "#66727f"
            font.pixelSize: 12
        }
        MouseArea {
            anchors.fill: parent
            onClicked: bar.tapped()
        }
    }

    ListView {
        id: list

        objectName: "list"
        anchors.fill: parent
        clip: true
        boundsBehavior: Flickable.StopAtBounds
        model: root.foldModel
        onContentYChanged: root.updateSticky()
        onHeightChanged: Qt.callLater(root.relayout)

        delegate: Item {
            id: cell

            required property int index
            required property var model
            readonly property bool isHeader: model.kind === FoldListModel.Header
            readonly property var lines: String(model.display === undefined ? "" : model.display).split("\n")

            width: ListView.view.width
            height: model.height

            HeaderBar {
                visible: cell.isHeader
                anchors.fill: parent
                title: cell.isHeader ? cell.model.title : ""
                detail: cell.isHeader ? cell.model.detail : undefined
                indicator: cell.isHeader ? cell.model.indicator : ""
                depth: cell.model.depth
                onTapped: root.foldModel.toggle(cell.index)
            }
            // Rows, footers and load placeholders.
            Column {
                visible: !cell.isHeader
                x: (cell.model.depth + 1) * 20
                anchors.verticalCenter: parent.verticalCenter
                Text {
                    text: cell.model.loading ? "Loading…" : cell.lines[0]
                    color: cell.model.failed ? "#b3261e" : cell.model.loading ? "#7a8591" : "#1f2328"
                    font.italic: cell.model.kind === FoldListModel.Placeholder
                    font.pixelSize: 14
                }
                Text {
                    visible: cell.lines.length > 1
                    text: cell.lines.length > 1 ? cell.lines[1] : ""
                    color: "#7a8591"
                    font.pixelSize: 12
                }
            }
            Rectangle {
                visible: !cell.isHeader
                x: (cell.model.depth + 1) * 20
                anchors.bottom: parent.bottom
                width: parent.width - x
                height: 1
                color: "#eceff3"
            }
        }
    }

    // The stuck headers over the list; deeper ones under the ones above
    // them, which push them up as they go.
    Item {
        objectName: "stickyOverlay"
        anchors.fill: list
        clip: true

        Repeater {
            model: root.sticky

            HeaderBar {
                required property var modelData

                objectName: "stickyHeader"
                width: parent ? parent.width : 0
                y: modelData.top - root.engineOffset
                z: -modelData.depth
                height: modelData.height
                title: modelData.title
                detail: modelData.detail
                indicator: modelData.indicator
                depth: modelData.depth
                onTapped: root.tapStuck(modelData)
            }
        }
    }

    Connections {
        target: root.foldModel
        function onCountChanged() { Qt.callLater(root.relayout) }
        function onDataChanged() { Qt.callLater(root.relayout) }
        function onModelReset() { Qt.callLater(root.relayout) }
    }
}
