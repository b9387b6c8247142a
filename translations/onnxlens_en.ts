<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>onnxlens::widgets::CompareView</name>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n removed</source>
        <translation>
            <numerusform>%n removed</numerusform>
            <numerusform>%n removed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n added</source>
        <translation>
            <numerusform>%n added</numerusform>
            <numerusform>%n added</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n modified</source>
        <translation>
            <numerusform>%n modified</numerusform>
            <numerusform>%n modified</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unchanged</source>
        <translation>
            <numerusform>%n unchanged</numerusform>
            <numerusform>%n unchanged</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>fused from %n node(s): </source>
        <translation>
            <numerusform>fused from %n node: </numerusform>
            <numerusform>fused from %n nodes: </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The two graphs have the same nodes; %n initializer(s) fewer on the right.</source>
        <translation>
            <numerusform>The two graphs have the same nodes; %n initializer fewer on the right.</numerusform>
            <numerusform>The two graphs have the same nodes; %n initializers fewer on the right.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The two graphs have the same nodes; %n initializer(s) more on the right.</source>
        <translation>
            <numerusform>The two graphs have the same nodes; %n initializer more on the right.</numerusform>
            <numerusform>The two graphs have the same nodes; %n initializers more on the right.</numerusform>
        </translation>
    </message>
</context>
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
    <message numerus="yes">
        <source>%1 was made from %n node(s) of this graph, shown selected</source>
        <translation>
            <numerusform>%1 was made from %n node of this graph, shown selected</numerusform>
            <numerusform>%1 was made from %n nodes of this graph, shown selected</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n %1 node(s) selected</source>
        <translation>
            <numerusform>%n %1 node selected</numerusform>
            <numerusform>%n %1 nodes selected</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Opened %1 with %n warning(s): see the Summary tab</source>
        <translation>
            <numerusform>Opened %1 with %n warning: see the Summary tab</numerusform>
            <numerusform>Opened %1 with %n warnings: see the Summary tab</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::MemoryView</name>
    <message numerus="yes">
        <source>Arena %1 (naive sum %2: %3% saved) · live peak %4 at step %5 (%6) · weights %7 · outputs %8 · %n buffer(s), %9 written in place</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>For inputs %1 (random), level %2, %n thread(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ModelSummaryPanel</name>
    <message numerus="yes">
        <source>%n node(s) not counted</source>
        <translation>
            <numerusform>%n node not counted</numerusform>
            <numerusform>%n nodes not counted</numerusform>
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
    <message numerus="yes">
        <source>%n node(s) selected</source>
        <translation>
            <numerusform>%n node selected</numerusform>
            <numerusform>%n nodes selected</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::OpHistogramModel</name>
    <message numerus="yes">
        <source>%n node(s) of this type not counted: the op is not one the estimate knows, or a shape it needs is not static</source>
        <translation>
            <numerusform>%n node of this type not counted: the op is not one the estimate knows, or a shape it needs is not static</numerusform>
            <numerusform>%n nodes of this type not counted: the op is not one the estimate knows, or a shape it needs is not static</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ProfileView</name>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n thread</numerusform>
            <numerusform>%n threads</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n run</numerusform>
            <numerusform>%n runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) · %1 per run · kernels %2 per run · %3 slices on %4 thread(s)</source>
        <translation>
            <numerusform>%n run · %1 per run · kernels %2 per run · %3 slices on %4 thread(s)</numerusform>
            <numerusform>%n runs · %1 per run · kernels %2 per run · %3 slices on %4 thread(s)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 – %2 · %3 long · %n slice(s)</source>
        <translation>
            <numerusform>%1 – %2 · %3 long · %n slice</numerusform>
            <numerusform>%1 – %2 · %3 long · %n slices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>This node in the run: %n call(s), mean %1, %2% of the kernel time</source>
        <translation>
            <numerusform>This node in the run: %n call, mean %1, %2% of the kernel time</numerusform>
            <numerusform>This node in the run: %n calls, mean %1, %2% of the kernel time</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 slices on %n thread(s) · %2 from the first to the last</source>
        <translation>
            <numerusform>%1 slices on %n thread · %2 from the first to the last</numerusform>
            <numerusform>%1 slices on %n threads · %2 from the first to the last</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s): </source>
        <translation>
            <numerusform>%n node: </numerusform>
            <numerusform>%n nodes: </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n call(s), mean %1, %2% of the kernel time</source>
        <translation>
            <numerusform>%n call, mean %1, %2% of the kernel time</numerusform>
            <numerusform>%n calls, mean %1, %2% of the kernel time</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1% of the kernel time: an even share of %2, which it was fused into with %n other node(s); the kernel: %3</source>
        <translation>
            <numerusform>%1% of the kernel time: an even share of %2, which it was fused into with %n other node; the kernel: %3</numerusform>
            <numerusform>%1% of the kernel time: an even share of %2, which it was fused into with %n other nodes; the kernel: %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ProviderLegend</name>
    <message numerus="yes">
        <source>⇄ %Ln boundary node(s)</source>
        <translation>
            <numerusform>⇄ %Ln boundary node</numerusform>
            <numerusform>⇄ %Ln boundary nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%Ln Constant(s))</source>
        <translation>
            <numerusform>(%Ln Constant)</numerusform>
            <numerusform>(%Ln Constants)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::QuantizeView</name>
    <message numerus="yes">
        <source>Compared on %n sample(s)</source>
        <translation>
            <numerusform>Compared on %n sample</numerusform>
            <numerusform>Compared on %n samples</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Search: target %1 %2 reached with %n node(s) in float</source>
        <translation>
            <numerusform>Search: target %1 %2 reached with %n node in float</numerusform>
            <numerusform>Search: target %1 %2 reached with %n nodes in float</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Search: target %1 %2 not reached; %n node(s) in float</source>
        <translation>
            <numerusform>Search: target %1 %2 not reached; %n node in float</numerusform>
            <numerusform>Search: target %1 %2 not reached; %n nodes in float</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>level %1, %n thread(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::StepListModel</name>
    <message numerus="yes">
        <source>%n removed</source>
        <translation>
            <numerusform>%n removed</numerusform>
            <numerusform>%n removed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n added</source>
        <translation>
            <numerusform>%n added</numerusform>
            <numerusform>%n added</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n modified</source>
        <translation>
            <numerusform>%n modified</numerusform>
            <numerusform>%n modified</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unused initializer(s) removed</source>
        <translation>
            <numerusform>%n unused initializer removed</numerusform>
            <numerusform>%n unused initializers removed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n fused</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
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
<context>
    <name>onnxlens::widgets::ThroughputChart</name>
    <message numerus="yes">
        <source>level %1 · %n thread(s)</source>
        <translation>
            <numerusform>level %1 · %n thread</numerusform>
            <numerusform>level %1 · %n threads</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::VerifyPanel</name>
    <message numerus="yes">
        <source>All %n output(s) match: every element within atol + rtol × |reference| (atol %1, rtol %2, as numpy.allclose).</source>
        <translation>
            <numerusform>The output matches: every element within atol + rtol × |reference| (atol %1, rtol %2, as numpy.allclose).</numerusform>
            <numerusform>All %n outputs match: every element within atol + rtol × |reference| (atol %1, rtol %2, as numpy.allclose).</numerusform>
        </translation>
    </message>
</context>
</TS>
