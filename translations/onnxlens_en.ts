<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>onnxlens::widgets::FindBar</name>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n match</numerusform>
            <numerusform>%n matches</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::GraphView</name>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::MainWindow</name>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::NodeSidebar</name>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::TensorPanel</name>
    <message numerus="yes">
        <source>First %n value(s)</source>
        <translation>
            <numerusform>First %n value</numerusform>
            <numerusform>First %n values</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Histogram (%n bin(s))</source>
        <translation>
            <numerusform>Histogram (%n bin)</numerusform>
            <numerusform>Histogram (%n bins)</numerusform>
        </translation>
    </message>
</context>
</TS>
