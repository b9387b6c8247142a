<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>onnxlens::widgets</name>
    <message>
        <source>could not render the window</source>
        <translation>无法绘制窗口</translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::BreadcrumbBar</name>
    <message>
        <source>main graph</source>
        <translation>主图</translation>
    </message>
    <message>
        <source>Backspace: up one level</source>
        <translation>退格键：返回上一级</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::CompareView</name>
    <message>
        <source>What the left side shows</source>
        <translation>左侧显示的内容</translation>
    </message>
    <message>
        <source>What the right side shows</source>
        <translation>右侧显示的内容</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>Original (%1)</source>
        <translation>原始 (%1)</translation>
    </message>
    <message>
        <source>Basic</source>
        <translation>基础</translation>
    </message>
    <message>
        <source>Extended</source>
        <translation>扩展</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Other file…</source>
        <translation>其他文件…</translation>
    </message>
    <message>
        <source>Compare with Model</source>
        <translation>与模型比较</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx);;All files (*)</source>
        <translation>ONNX 模型 (*.onnx);;所有文件 (*)</translation>
    </message>
    <message>
        <source>There is no step %1 (the optimization made %2).</source>
        <translation>没有第 %1 步（优化共有 %2 步）。</translation>
    </message>
    <message>
        <source>The level %1 was not run.</source>
        <translation>未运行级别 %1。</translation>
    </message>
    <message>
        <source>%1 is neither original, basic, extended, layout, step:N nor a file.</source>
        <translation>%1 既不是 original、basic、extended、layout、step:N，也不是文件。</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>The two graphs are the same.</source>
        <translation>两个图相同。</translation>
    </message>
    <message numerus="yes">
        <source>%n removed</source>
        <translation>
            <numerusform>已删除 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 fused from %2</source>
        <translation>%1 个由 %2 个融合而成</translation>
    </message>
    <message numerus="yes">
        <source>%n added</source>
        <translation>
            <numerusform>已添加 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n modified</source>
        <translation>
            <numerusform>已修改 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unchanged</source>
        <translation>
            <numerusform>%n 个未变</numerusform>
        </translation>
    </message>
    <message>
        <source>matched by the optimizer&apos;s provenance</source>
        <translation>按优化器的来源匹配</translation>
    </message>
    <message>
        <source>matched by node name, then by structure</source>
        <translation>先按节点名称、再按结构匹配</translation>
    </message>
    <message>
        <source>Select a node on either side to see its counterparts.</source>
        <translation>在任一侧选择节点以查看其对应节点。</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>以及另外 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>未变</translation>
    </message>
    <message>
        <source>modified (attributes, op type, weights or inputs differ)</source>
        <translation>已修改（属性、算子类型、权重或输入不同）</translation>
    </message>
    <message numerus="yes">
        <source>fused from %n node(s): </source>
        <translation>
            <numerusform>由 %n 个节点融合而成：</numerusform>
        </translation>
    </message>
    <message>
        <source>fused into: </source>
        <translation>融合到：</translation>
    </message>
    <message>
        <source>removed: nothing on the right stands for it</source>
        <translation>已删除：右侧没有对应节点</translation>
    </message>
    <message>
        <source>added by the optimizer</source>
        <translation>由优化器添加</translation>
    </message>
    <message>
        <source>only in the right model</source>
        <translation>仅在右侧模型中</translation>
    </message>
    <message>
        <source>no execution provider runs it</source>
        <translation>没有执行提供程序运行它</translation>
    </message>
    <message>
        <source>runs on %1</source>
        <translation>运行于 %1</translation>
    </message>
    <message>
        <source>%1 declined: %2</source>
        <translation>%1 拒绝：%2</translation>
    </message>
    <message>
        <source>After step %1: %2 (%3, %4)</source>
        <translation>第 %1 步之后：%2 (%3，%4)</translation>
    </message>
    <message numerus="yes">
        <source>The two graphs have the same nodes; %n initializer(s) fewer on the right.</source>
        <translation>
            <numerusform>两个图的节点相同；右侧少 %n 个初始化器。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The two graphs have the same nodes; %n initializer(s) more on the right.</source>
        <translation>
            <numerusform>两个图的节点相同；右侧多 %n 个初始化器。</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot open %1:
%2</source>
        <translation>无法打开 %1：
%2</translation>
    </message>
    <message>
        <source>Comparing the graphs…</source>
        <translation>正在比较两个图…</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ExportDialog</name>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Export cancelled.</source>
        <translation>导出已取消。</translation>
    </message>
    <message>
        <source>Same as: %1</source>
        <translation>等同于：%1</translation>
    </message>
    <message>
        <source>Choose a file to write.</source>
        <translation>请选择要写入的文件。</translation>
    </message>
    <message>
        <source>%1 is the opened model; export to another file.</source>
        <translation>%1 是已打开的模型；请导出到其他文件。</translation>
    </message>
    <message>
        <source>Replace File?</source>
        <translation>替换文件？</translation>
    </message>
    <message>
        <source>%1 exists. Replace it?</source>
        <translation>%1 已存在。要替换吗？</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ExportModelDialog</name>
    <message>
        <source>Export Optimized Model</source>
        <translation>导出优化后的模型</translation>
    </message>
    <message>
        <source>Disabled (as loaded)</source>
        <translation>禁用（按加载原样）</translation>
    </message>
    <message>
        <source>Basic</source>
        <translation>基础</translation>
    </message>
    <message>
        <source>Extended</source>
        <translation>扩展</translation>
    </message>
    <message>
        <source>Layout (all)</source>
        <translation>布局（全部）</translation>
    </message>
    <message>
        <source>Optimization level:</source>
        <translation>优化级别：</translation>
    </message>
    <message>
        <source>ONNX Runtime (com.microsoft fused ops)</source>
        <translation>ONNX Runtime（com.microsoft 融合算子）</translation>
    </message>
    <message>
        <source>Standard ONNX (any runtime)</source>
        <translation>标准 ONNX（任意运行时）</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <source>Weights in an external data file</source>
        <translation>权重存于外部数据文件</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx)</source>
        <translation>ONNX 模型 (*.onnx)</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ExportReportDialog</name>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Disabled (as loaded)</source>
        <translation>禁用（按加载原样）</translation>
    </message>
    <message>
        <source>Basic</source>
        <translation>基础</translation>
    </message>
    <message>
        <source>Extended</source>
        <translation>扩展</translation>
    </message>
    <message>
        <source>Layout (all)</source>
        <translation>布局（全部）</translation>
    </message>
    <message>
        <source>Optimization level:</source>
        <translation>优化级别：</translation>
    </message>
    <message>
        <source>No profile</source>
        <translation>没有性能分析结果</translation>
    </message>
    <message>
        <source>Runs profiled:</source>
        <translation>分析的运行次数：</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx)</source>
        <translation>ONNX 模型 (*.onnx)</translation>
    </message>
    <message>
        <source>optional: its accuracy per output and layer</source>
        <translation>可选：每个输出和层的精度</translation>
    </message>
    <message>
        <source>Quantized copy:</source>
        <translation>量化副本：</translation>
    </message>
    <message>
        <source>Quantized Model</source>
        <translation>量化模型</translation>
    </message>
    <message>
        <source>optional: the diff of the two graphs</source>
        <translation>可选：两个图的差异</translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation>对比：</translation>
    </message>
    <message>
        <source>Other Model</source>
        <translation>其他模型</translation>
    </message>
    <message>
        <source>HTML files (*.html)</source>
        <translation>HTML 文件 (*.html)</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::FindBar</name>
    <message>
        <source>Find: op, name, tensor, dtype or shape; &quot;exact&quot;; /regex/ — terms are AND-ed</source>
        <translation>查找：算子、名称、张量、数据类型或形状；&quot;精确&quot;；/正则/ — 各词为“与”关系</translation>
    </message>
    <message>
        <source>Previous (Shift+Enter)</source>
        <translation>上一个 (Shift+Enter)</translation>
    </message>
    <message>
        <source>Next (Enter)</source>
        <translation>下一个 (Enter)</translation>
    </message>
    <message>
        <source>Close (Escape)</source>
        <translation>关闭 (Esc)</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>无匹配</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 个匹配</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>第 %1 个，共 %2 个</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::FindResultsModel</name>
    <message>
        <source>op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>domain</source>
        <translation>域</translation>
    </message>
    <message>
        <source>input %1</source>
        <translation>输入 %1</translation>
    </message>
    <message>
        <source>input %1 (%2)</source>
        <translation>输入 %1（%2）</translation>
    </message>
    <message>
        <source>type of input %1</source>
        <translation>输入 %1 的类型</translation>
    </message>
    <message>
        <source>type of input %1 (%2)</source>
        <translation>输入 %1（%2）的类型</translation>
    </message>
    <message>
        <source>output %1</source>
        <translation>输出 %1</translation>
    </message>
    <message>
        <source>type of output %1</source>
        <translation>输出 %1 的类型</translation>
    </message>
    <message>
        <source>type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>matched by %1</source>
        <translation>匹配依据：%1</translation>
    </message>
    <message>
        <source>weight %1</source>
        <translation>权重 %1</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::GraphView</name>
    <message>
        <source>%1 — %2 nodes; click to %3</source>
        <translation>%1 — %2 个节点；单击以%3</translation>
    </message>
    <message>
        <source>close</source>
        <translation>折叠</translation>
    </message>
    <message>
        <source>open</source>
        <translation>展开</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>there is no graph to export</source>
        <translation>没有可导出的计算图</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>the image would be too large</source>
        <translation>图像过大</translation>
    </message>
    <message>
        <source>cannot encode the PNG image</source>
        <translation>无法编码 PNG 图像</translation>
    </message>
    <message>
        <source>unknown op</source>
        <translation>未知算子</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::InputSpecEdit</name>
    <message>
        <source>chosen, e.g. batch=1, sequence=128</source>
        <translation>自动选择，例如 batch=1, sequence=128</translation>
    </message>
    <message>
        <source>Values for the model&apos;s free (symbolic) input dimensions, by name or as INPUT:AXIS, separated by commas: batch=1, sequence=128. Dimensions left out are chosen from their names (batch 1, sequence 128, height and width 224) and tried with one run.</source>
        <translation>模型自由（符号）输入维度的取值，按名称或以 输入:轴 的形式给出，用逗号分隔：batch=1, sequence=128。未给出的维度按其名称选择（batch 1、sequence 128、高度和宽度 224），并以一次运行试验。</translation>
    </message>
    <message>
        <source>Dimensions:</source>
        <translation>维度：</translation>
    </message>
    <message>
        <source>default, e.g. input_ids=0,999; attention_mask=0,1</source>
        <translation>默认，例如 input_ids=0,999; attention_mask=0,1</translation>
    </message>
    <message>
        <source>Random values of an input in [LO, HI], separated by semicolons: input_ids=0,999. By default an integer input that indexes a table (Gather, embedding) takes [0, table size - 1], other integers [0, 1] and floats [-1, 1].</source>
        <translation>某个输入的随机值范围 [LO, HI]，用分号分隔：input_ids=0,999。默认情况下，索引某个表（Gather、嵌入）的整数输入取 [0, 表大小 - 1]，其他整数取 [0, 1]，浮点数取 [-1, 1]。</translation>
    </message>
    <message>
        <source>Value ranges:</source>
        <translation>取值范围：</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::LayerHistogramView</name>
    <message>
        <source>Values: float vs quantized</source>
        <translation>数值：浮点 vs 量化</translation>
    </message>
    <message>
        <source>Error (quantized − float)</source>
        <translation>误差（量化 − 浮点）</translation>
    </message>
    <message>
        <source>Select a layer (a bar, a row or a node) to see its histograms.</source>
        <translation>选择一个层（柱、行或节点）以查看其直方图。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · SQNR %2 dB · cosine %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · SQNR %2 dB · 余弦 %3</translation>
    </message>
    <message>
        <source>Data range [%1, %2]</source>
        <translation>数据范围 [%1, %2]</translation>
    </message>
    <message>
        <source>calibration range [%1, %2]</source>
        <translation>校准范围 [%1, %2]</translation>
    </message>
    <message>
        <source>(the data leaves the calibrated range: clipped)</source>
        <translation>（数据超出校准范围：被截断）</translation>
    </message>
    <message>
        <source>float</source>
        <translation>浮点</translation>
    </message>
    <message>
        <source>quantized</source>
        <translation>量化</translation>
    </message>
    <message>
        <source>error</source>
        <translation>误差</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::LayerMetricsModel</name>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>%1 matched to %2</source>
        <translation>%1 对应 %2</translation>
    </message>
    <message>
        <source>Q/DQ</source>
        <translation>Q/DQ</translation>
    </message>
    <message>
        <source>by name</source>
        <translation>按名称</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Matched</source>
        <translation>匹配方式</translation>
    </message>
    <message>
        <source>SQNR dB</source>
        <translation>SQNR dB</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <source>Max |error|</source>
        <translation>最大 |误差|</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::MainWindow</name>
    <message>
        <source>Drop an .onnx file here, or open one with File → Open.</source>
        <translation>将 .onnx 文件拖放到此处，或通过“文件 → 打开”打开。</translation>
    </message>
    <message>
        <source>Open Model…</source>
        <translation>打开模型…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Loading %1 cancelled</source>
        <translation>已取消加载 %1</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>重新加载(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About onnxlens</source>
        <translation>关于 onnxlens(&amp;A)</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>没有最近打开的文件</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx);;All files (*)</source>
        <translation>ONNX 模型 (*.onnx);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>%1 — onnxlens</source>
        <translation>%1 — onnxlens</translation>
    </message>
    <message>
        <source>Cannot open model</source>
        <translation>无法打开模型</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <source>About onnxlens</source>
        <translation>关于 onnxlens</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>计算图</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Cannot lay out the graph</source>
        <translation>无法布局计算图</translation>
    </message>
    <message>
        <source>Zoom %1%</source>
        <translation>缩放 %1%</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Show &amp;Attributes</source>
        <translation>显示属性(&amp;A)</translation>
    </message>
    <message>
        <source>Show &amp;Weights</source>
        <translation>显示权重(&amp;W)</translation>
    </message>
    <message>
        <source>Show &amp;Names</source>
        <translation>显示名称(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Horizontal Layout</source>
        <translation>水平布局(&amp;H)</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Fit to Window</source>
        <translation>适应窗口(&amp;F)</translation>
    </message>
    <message>
        <source>Actual &amp;Size</source>
        <translation>实际大小(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Expand All Groups</source>
        <translation>展开所有分组(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Collapse All Groups</source>
        <translation>折叠所有分组(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>查找(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Export Graph…</source>
        <translation>导出计算图(&amp;E)…</translation>
    </message>
    <message>
        <source>Export Graph</source>
        <translation>导出计算图</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Cannot export the graph</source>
        <translation>无法导出计算图</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Fold &amp;Constants into Their Consumers</source>
        <translation>将常量折叠到使用者中(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Minimap</source>
        <translation>小地图(&amp;M)</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 in the model</source>
        <translation>模型中共 %1 个</translation>
    </message>
    <message>
        <source>Wheel, pinch</source>
        <translation>滚轮、双指缩放</translation>
    </message>
    <message>
        <source>Zoom at the pointer</source>
        <translation>以指针为中心缩放</translation>
    </message>
    <message>
        <source>Drag</source>
        <translation>拖动</translation>
    </message>
    <message>
        <source>Pan</source>
        <translation>平移</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>单击</translation>
    </message>
    <message>
        <source>Select a node; open or close a group</source>
        <translation>选择节点；展开或折叠分组</translation>
    </message>
    <message>
        <source>Double-click</source>
        <translation>双击</translation>
    </message>
    <message>
        <source>Open the body of an If, Loop or Scan node</source>
        <translation>打开 If、Loop 或 Scan 节点的子图</translation>
    </message>
    <message>
        <source>Up / Down</source>
        <translation>上 / 下</translation>
    </message>
    <message>
        <source>Go to the selected node&apos;s producer / consumer</source>
        <translation>转到所选节点的生产者 / 使用者</translation>
    </message>
    <message>
        <source>Escape</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Clear the selection; close the find bar</source>
        <translation>清除选择；关闭查找栏</translation>
    </message>
    <message>
        <source>Backspace</source>
        <translation>退格键</translation>
    </message>
    <message>
        <source>From a subgraph body up to its parent graph</source>
        <translation>从子图返回父图</translation>
    </message>
    <message>
        <source>Enter / Shift+Enter</source>
        <translation>Enter / Shift+Enter</translation>
    </message>
    <message>
        <source>Next / previous find result</source>
        <translation>下一个 / 上一个查找结果</translation>
    </message>
    <message>
        <source>Optimize</source>
        <translation>优化</translation>
    </message>
    <message>
        <source>Export &amp;Optimized Model…</source>
        <translation>导出优化后的模型(&amp;O)…</translation>
    </message>
    <message>
        <source>Model Exported</source>
        <translation>模型已导出</translation>
    </message>
    <message>
        <source>Wrote %1. Open it?</source>
        <translation>已写入 %1。要打开吗？</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>性能分析</translation>
    </message>
    <message>
        <source>&amp;Heat from Profile</source>
        <translation>按性能分析着色(&amp;H)</translation>
    </message>
    <message>
        <source>Colour the graph by each node&apos;s share of the profiled run time</source>
        <translation>按每个节点在分析运行时间中的占比为图着色</translation>
    </message>
    <message>
        <source>No profile</source>
        <translation>没有性能分析结果</translation>
    </message>
    <message>
        <source>Profile the model first (Profile tab → Profile…).</source>
        <translation>请先对模型进行性能分析（性能分析选项卡 → 性能分析…）。</translation>
    </message>
    <message>
        <source>Heat: share of the kernel time, 0% %1 %2% (hottest node; a closed group shows its hottest node) · %3 of %4 nodes profiled</source>
        <translation>热度：占内核时间的比例，0% %1 %2%（最热节点；折叠的组显示其最热节点）· 已分析 %4 个节点中的 %3 个</translation>
    </message>
    <message numerus="yes">
        <source>%1 was made from %n node(s) of this graph, shown selected</source>
        <translation>
            <numerusform>%1 由此图中的 %n 个节点生成，已显示为选中</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not open %1: %2</source>
        <comment>file name, error category</comment>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>Cannot colour the graph by execution provider</source>
        <translation>无法按执行提供程序为图着色</translation>
    </message>
    <message>
        <source>Colour by &amp;Provider</source>
        <translation>按执行提供程序着色(&amp;P)</translation>
    </message>
    <message>
        <source>Colour each node&apos;s border by the execution provider that runs it, on the Graph tab and both panes of the Optimize tab</source>
        <translation>按运行节点的执行提供程序为每个节点的边框着色（图标签页及优化标签页的两侧）</translation>
    </message>
    <message>
        <source>Everywhere</source>
        <translation>任何位置</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>This list of keys (not while typing in a text field)</source>
        <translation>本按键列表（在文本框中输入时除外）</translation>
    </message>
    <message>
        <source>Menus</source>
        <translation>菜单</translation>
    </message>
    <message>
        <source>Profile timeline</source>
        <translation>分析时间线</translation>
    </message>
    <message>
        <source>No %1 node in this graph (it may be in a subgraph body)</source>
        <translation>此图中没有 %1 节点（可能位于子图中）</translation>
    </message>
    <message numerus="yes">
        <source>%n %1 node(s) selected</source>
        <translation>
            <numerusform>已选择 %n 个 %1 节点</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;h3&gt;onnxlens %1&lt;/h3&gt;&lt;p&gt;A workbench for ONNX models on its own runtime: inspect the graph, see what each optimization level and pass does to it, profile it, and export the optimized model. onnxlens-cli also runs, benchmarks and checks models against the ONNX backend tests.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;onnxlens %1&lt;/h3&gt;&lt;p&gt;基于自带运行时的 ONNX 模型工作台：查看计算图，了解每个优化级别和每个优化遍对它做了什么，进行性能分析，并导出优化后的模型。onnxlens-cli 还能运行模型、做基准测试，并用 ONNX 后端测试检查模型。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Optimizer &amp;Passes</source>
        <translation>优化遍(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Zoom to Selection</source>
        <translation>缩放到所选(&amp;Z)</translation>
    </message>
    <message>
        <source>Centre the selected node at a readable zoom (F in the graph)</source>
        <translation>以可读的缩放居中显示所选节点（在图中按 F）</translation>
    </message>
    <message>
        <source>Zoom to the selected node (readable size)</source>
        <translation>缩放到所选节点（可读大小）</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message numerus="yes">
        <source>Opened %1 with %n warning(s): see the Summary tab</source>
        <translation>
            <numerusform>已打开 %1，有 %n 条警告：见“概览”选项卡</numerusform>
        </translation>
    </message>
    <message>
        <source>Quantize</source>
        <translation>量化</translation>
    </message>
    <message>
        <source>Export &amp;Quantized Model…</source>
        <translation>导出量化模型(&amp;Q)…</translation>
    </message>
    <message>
        <source>Colour by &amp;Quantization Error (SQNR)</source>
        <translation>按量化误差 (SQNR) 着色(&amp;Q)</translation>
    </message>
    <message>
        <source>Colour each node by the SQNR of its output, float vs quantized (Quantize tab)</source>
        <translation>按每个节点输出的 SQNR（浮点 vs 量化）着色（量化标签页）</translation>
    </message>
    <message>
        <source>Exclude from Quantization</source>
        <translation>从量化中排除</translation>
    </message>
    <message>
        <source>The node has no name to exclude it by</source>
        <translation>该节点没有可用于排除的名称</translation>
    </message>
    <message>
        <source>%1 will stay in float (Quantize tab → Excluded nodes)</source>
        <translation>%1 将保持浮点（量化标签页 → 排除的节点）</translation>
    </message>
    <message>
        <source>Export Quantized Model</source>
        <translation>导出量化模型</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx)</source>
        <translation>ONNX 模型 (*.onnx)</translation>
    </message>
    <message>
        <source>Cannot export the quantized model</source>
        <translation>无法导出量化模型</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>%1 (%2) — onnxlens</source>
        <translation>%1（%2）— onnxlens</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <source>Wrote the report %1</source>
        <translation>已写入报告 %1</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::MemoryChart</name>
    <message>
        <source>arena offset</source>
        <translation>内存池偏移</translation>
    </message>
    <message>
        <source>execution step</source>
        <translation>执行步骤</translation>
    </message>
    <message>
        <source>live peak: %1 at step %2</source>
        <translation>存活峰值：%1，第 %2 步</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::MemoryView</name>
    <message>
        <source>Plan Again</source>
        <translation>重新规划</translation>
    </message>
    <message>
        <source>Run the model once more on random inputs and plan its memory</source>
        <translation>用随机输入再运行一次模型并规划其内存</translation>
    </message>
    <message>
        <source>Alive at the peak</source>
        <translation>峰值时存活</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Producer</source>
        <translation>生成节点</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Open a model to see its memory plan.</source>
        <translation>打开模型以查看其内存规划。</translation>
    </message>
    <message>
        <source>No memory plan: %1</source>
        <translation>没有内存规划：%1</translation>
    </message>
    <message>
        <source>Memory plan failed</source>
        <translation>内存规划失败</translation>
    </message>
    <message>
        <source>The memory plan is made when this tab is shown.</source>
        <translation>显示此标签页时生成内存规划。</translation>
    </message>
    <message>
        <source>Planning: one run on random inputs…</source>
        <translation>规划中：用随机输入运行一次…</translation>
    </message>
    <message>
        <source>(scratch)</source>
        <translation>（临时缓冲区）</translation>
    </message>
    <message>
        <source>%1 — made by %2 (%3) · %4 at offset %5 · alive in steps %6–%7</source>
        <translation>%1 — 由 %2（%3）生成 · %4，偏移 %5 · 存活于第 %6–%7 步</translation>
    </message>
    <message>
        <source> · written in place over its input</source>
        <translation> · 原地覆盖其输入写入</translation>
    </message>
    <message numerus="yes">
        <source>Arena %1 (naive sum %2: %3% saved) · live peak %4 at step %5 (%6) · weights %7 · outputs %8 · %n buffer(s), %9 written in place</source>
        <translation>
            <numerusform>内存池 %1（朴素总和 %2：节省 %3%）· 存活峰值 %4，第 %5 步（%6）· 权重 %7 · 输出 %8 · %n 个缓冲区，%9 个原地写入</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>For inputs %1 (random), level %2, %n thread(s)</source>
        <translation>
            <numerusform>输入 %1（随机），级别 %2，%n 个线程</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::Minimap</name>
    <message>
        <source>Overview: click or drag to move the view</source>
        <translation>概览：单击或拖动以移动视图</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ModelSummaryPanel</name>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Operators</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Filter operators</source>
        <translation>筛选算子</translation>
    </message>
    <message>
        <source>%1 — %2, loaded in %3 s</source>
        <translation>%1 — %2，加载耗时 %3 秒</translation>
    </message>
    <message>
        <source>Producer</source>
        <translation>生成工具</translation>
    </message>
    <message>
        <source>IR version</source>
        <translation>IR 版本</translation>
    </message>
    <message>
        <source>Opsets</source>
        <translation>算子集</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>计算图</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Initializers</source>
        <translation>初始化器</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Functions</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>ONNX checker</source>
        <translation>ONNX 检查</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>failed (see warnings)</source>
        <translation>未通过（见警告）</translation>
    </message>
    <message>
        <source>Shape inference</source>
        <translation>形状推断</translation>
    </message>
    <message>
        <source>incomplete (see warnings)</source>
        <translation>不完整（见警告）</translation>
    </message>
    <message>
        <source>%1 in the main graph, %2 in all (subgraphs: %3)</source>
        <translation>主图 %1 个，共 %2 个（子图：%3 个）</translation>
    </message>
    <message>
        <source>Documentation</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Double-click an operator to select its nodes in the graph.</source>
        <translation>双击算子可在图中选择其所有节点。</translation>
    </message>
    <message>
        <source>per batch item</source>
        <translation>每个批次样本</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) not counted</source>
        <translation>
            <numerusform>%n 个节点未计入</numerusform>
        </translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算量</translation>
    </message>
    <message>
        <source>Activation memory</source>
        <translation>激活内存</translation>
    </message>
    <message>
        <source>peak %1, %2 in all</source>
        <translation>峰值 %1，合计 %2</translation>
    </message>
    <message>
        <source>Estimated from the main graph&apos;s static shapes: multiply-accumulates of Conv, Gemm, MatMul and recurrent ops; FLOPs are 2 per MAC plus the element-wise arithmetic. Symbolic dimensions (batch) count as 1.</source>
        <translation>根据主图的静态形状估算：Conv、Gemm、MatMul 和循环算子的乘加次数；FLOPs 为每次乘加计 2 次，再加上逐元素运算。符号维度（批次）按 1 计。</translation>
    </message>
    <message>
        <source>Estimated: the most intermediate tensors alive at once when the nodes run in order and each tensor is freed after its last reader; &apos;in all&apos; adds every one up. Weights are not included.</source>
        <translation>估算值：节点按顺序运行、每个张量在最后一次读取后释放时，同时存活的中间张量的最大总量；“合计”为所有中间张量之和。不含权重。</translation>
    </message>
    <message>
        <source>%1 MACs · %2 FLOPs</source>
        <translation>%1 MACs · %2 FLOPs</translation>
    </message>
    <message>
        <source>with %1</source>
        <translation>（%1）</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::NodeSidebar</name>
    <message>
        <source>initializer</source>
        <translation>初始化器</translation>
    </message>
    <message>
        <source>Graph input</source>
        <translation>图输入</translation>
    </message>
    <message>
        <source>Graph output</source>
        <translation>图输出</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Produced by</source>
        <translation>产生自</translation>
    </message>
    <message>
        <source>Consumers</source>
        <translation>使用者</translation>
    </message>
    <message>
        <source>opset %1</source>
        <translation>算子集 %1</translation>
    </message>
    <message>
        <source>since version %1</source>
        <translation>自版本 %1</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Not in ONNX&apos;s operator registry (custom or contrib op).</source>
        <translation>不在 ONNX 算子注册表中（自定义或 contrib 算子）。</translation>
    </message>
    <message>
        <source>Attributes</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Replaces nodes</source>
        <translation>替换的节点</translation>
    </message>
    <message>
        <source>Documentation</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>required</source>
        <translation>必需</translation>
    </message>
    <message>
        <source>Type constraints</source>
        <translation>类型约束</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Producer</source>
        <translation>生成工具</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>域</translation>
    </message>
    <message>
        <source>Imports</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>图</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Subgraph</source>
        <translation>子图</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Initializers</source>
        <translation>初始化器</translation>
    </message>
    <message>
        <source>Open a model to see its properties.</source>
        <translation>打开模型以查看其属性。</translation>
    </message>
    <message>
        <source>Select all %1 nodes (%2)</source>
        <translation>选择所有 %1 节点（%2 个）</translation>
    </message>
    <message>
        <source>Unknown op</source>
        <translation>未知算子</translation>
    </message>
    <message>
        <source>neither ONNX&apos;s operator registry nor the onnxlens runtime knows %1 in domain %2; the model can be inspected but not run.</source>
        <translation>ONNX 的算子注册表和 onnxlens 运行时都不认识域 %2 中的 %1；该模型可以查看，但无法运行。</translation>
    </message>
    <message>
        <source>Subgraphs</source>
        <translation>子图</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>graph input</source>
        <translation>图输入</translation>
    </message>
    <message>
        <source>graph output</source>
        <translation>图输出</translation>
    </message>
    <message>
        <source>Values and statistics</source>
        <translation>值与统计</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>性能分析</translation>
    </message>
    <message>
        <source>Show in the timeline</source>
        <translation>在时间线中显示</translation>
    </message>
    <message>
        <source>… and %1 more, not listed</source>
        <translation>… 另有 %1 个，未列出</translation>
    </message>
    <message>
        <source>declined (%1): %2</source>
        <translation>拒绝（%1）：%2</translation>
    </message>
    <message>
        <source>No execution provider runs this node.</source>
        <translation>没有执行提供程序运行此节点。</translation>
    </message>
    <message>
        <source>Runs on &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>运行于 &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>(the first preferred provider)</source>
        <translation>（首选提供程序）</translation>
    </message>
    <message>
        <source>Not on the preferred provider:</source>
        <translation>未在首选提供程序上运行：</translation>
    </message>
    <message>
        <source>Execution Provider</source>
        <translation>执行提供程序</translation>
    </message>
    <message>
        <source>An ONNX Runtime contrib op (com.microsoft), documented after ONNX Runtime&apos;s ContribOperators.md.</source>
        <translation>ONNX Runtime 的 contrib 算子（com.microsoft），文档依据 ONNX Runtime 的 ContribOperators.md。</translation>
    </message>
    <message>
        <source>Identity of %1</source>
        <translation>%1 的 Identity</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>可选</translation>
    </message>
    <message>
        <source>variadic</source>
        <translation>可变数量</translation>
    </message>
    <message>
        <source>ONNX Runtime&apos;s at this opset (ONNX: from version %1)</source>
        <translation>此 opset 下为 ONNX Runtime 的算子（ONNX：自版本 %1 起）</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) selected</source>
        <translation>
            <numerusform>已选择 %n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>（未命名）</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>以及另外 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>When %1&apos;s kernel declines a case at run time (an input shape or type it does not handle), %2 runs it.</source>
        <translation>当 %1 的内核在运行时拒绝某种情况（它不处理的输入形状或类型）时，由 %2 运行。</translation>
    </message>
    <message>
        <source>values not kept at this step</source>
        <translation>此步骤未保留数值</translation>
    </message>
    <message>
        <source>The values of this tensor are not kept at this step: the optimization trace keeps at most %1 of the tensors its passes make.</source>
        <translation>此步骤未保留该张量的数值：优化跟踪最多保留其各遍生成的张量中的 %1。</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::OpCountModel</name>
    <message>
        <source>All nodes</source>
        <translation>全部节点</translation>
    </message>
    <message>
        <source>Initializers</source>
        <translation>初始化器</translation>
    </message>
    <message>
        <source>Initializer bytes</source>
        <translation>初始化器字节数</translation>
    </message>
    <message>
        <source>%1 fewer</source>
        <translation>减少 %1</translation>
    </message>
    <message>
        <source>%1 more</source>
        <translation>增加 %1</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::OpHistogramModel</name>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) of this type not counted: the op is not one the estimate knows, or a shape it needs is not static</source>
        <translation>
            <numerusform>此类型有 %n 个节点未计入：估算不认识该算子，或其所需的形状不是静态的</numerusform>
        </translation>
    </message>
    <message>
        <source>Double-click to select every %1 node in the graph</source>
        <translation>双击可在图中选择所有 %1 节点</translation>
    </message>
    <message>
        <source>Multiply-accumulates of the op type&apos;s nodes in the main graph, estimated from the static shapes (symbolic dimensions as 1)</source>
        <translation>主图中该算子类型节点的乘加次数，根据静态形状估算（符号维度按 1 计）</translation>
    </message>
    <message>
        <source>Floating-point operations: 2 per multiply-accumulate plus the element-wise arithmetic, estimated from the static shapes</source>
        <translation>浮点运算次数：每次乘加计 2 次，再加上逐元素运算，根据静态形状估算</translation>
    </message>
    <message>
        <source>MACs</source>
        <translation>MACs</translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::OptimizeView</name>
    <message>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <source>ONNX Runtime&apos;s fused com.microsoft ops, or only standard ONNX ops (runs on any runtime)</source>
        <translation>ONNX Runtime 的 com.microsoft 融合算子，或仅标准 ONNX 算子（可在任意运行时运行）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export Optimized Model…</source>
        <translation>导出优化后的模型…</translation>
    </message>
    <message>
        <source>Passes</source>
        <translation>优化遍</translation>
    </message>
    <message>
        <source>Op Counts</source>
        <translation>算子计数</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>Cannot open model</source>
        <translation>无法打开模型</translation>
    </message>
    <message>
        <source>Cannot optimize the model</source>
        <translation>无法优化模型</translation>
    </message>
    <message>
        <source>Optimize</source>
        <translation>优化</translation>
    </message>
    <message>
        <source>Run the optimizer again and record every step</source>
        <translation>重新运行优化器并记录每一步</translation>
    </message>
    <message>
        <source>ONNX Runtime (com.microsoft fused ops)</source>
        <translation>ONNX Runtime（com.microsoft 融合算子）</translation>
    </message>
    <message>
        <source>Standard ONNX (any runtime)</source>
        <translation>标准 ONNX（任意运行时）</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::OutputMetricsModel</name>
    <message>
        <source>Not compared: %1</source>
        <translation>未比较：%1</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Max |error|</source>
        <translation>最大 |误差|</translation>
    </message>
    <message>
        <source>Mean |error|</source>
        <translation>平均 |误差|</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <source>SQNR dB</source>
        <translation>SQNR dB</translation>
    </message>
    <message>
        <source>Top-1</source>
        <translation>Top-1</translation>
    </message>
    <message>
        <source>Top-5</source>
        <translation>Top-5</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::PassListDialog</name>
    <message>
        <source>Optimizer Passes</source>
        <translation>优化遍</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>优化遍</translation>
    </message>
    <message>
        <source>What it does</source>
        <translation>作用</translation>
    </message>
    <message>
        <source>(ONNX Runtime&apos;s com.microsoft ops)</source>
        <translation>（ONNX Runtime 的 com.microsoft 算子）</translation>
    </message>
    <message>
        <source>&lt;p&gt;The Optimize tab&apos;s &lt;b&gt;Passes&lt;/b&gt; list has one row per step that changed the graph. &lt;b&gt;Change&lt;/b&gt; counts the nodes that step removed (&lt;b&gt;−&lt;/b&gt;), added (&lt;b&gt;+&lt;/b&gt;) and modified (&lt;b&gt;∼&lt;/b&gt;, same node with other attributes, inputs or weights); &lt;b&gt;Nodes&lt;/b&gt; is the count after the step; &lt;b&gt;ms&lt;/b&gt; the time the pass took.&lt;/p&gt;&lt;p&gt;A click on a step shows that pass&apos;s own change: the graph before it on the left, after it on the right. Tick &lt;i&gt;Against the original&lt;/i&gt; to compare everything up to that step with the original model. Alt+Left / Alt+Right step through the list; &lt;i&gt;Disable &amp;amp; Re-run&lt;/i&gt; optimizes again without the pass.&lt;/p&gt;</source>
        <translation>&lt;p&gt;优化页的&lt;b&gt;优化遍&lt;/b&gt;列表中，每个改变了图的步骤占一行。&lt;b&gt;变化&lt;/b&gt;统计该步骤删除（&lt;b&gt;−&lt;/b&gt;）、添加（&lt;b&gt;+&lt;/b&gt;）和修改（&lt;b&gt;∼&lt;/b&gt;，同一节点的属性、输入或权重不同）的节点数；&lt;b&gt;节点&lt;/b&gt;是该步骤之后的节点数；&lt;b&gt;毫秒&lt;/b&gt;是该优化遍的耗时。&lt;/p&gt;&lt;p&gt;单击某一步骤显示该优化遍本身的变化：左侧为之前的图，右侧为之后的图。勾选&lt;i&gt;与原始模型比较&lt;/i&gt;可将截至该步骤的全部变化与原始模型比较。Alt+← / Alt+→ 在列表中逐步移动；&lt;i&gt;禁用并重新运行&lt;/i&gt;会在不使用该优化遍的情况下重新优化。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::PassStepper</name>
    <message>
        <source>Previous step (Alt+Left)</source>
        <translation>上一步 (Alt+左)</translation>
    </message>
    <message>
        <source>Next step (Alt+Right)</source>
        <translation>下一步 (Alt+右)</translation>
    </message>
    <message>
        <source>Disable &amp;&amp; Re-run</source>
        <translation>禁用并重新运行</translation>
    </message>
    <message>
        <source>Optimize again without the selected step&apos;s pass</source>
        <translation>不使用所选步骤的优化遍重新优化</translation>
    </message>
    <message>
        <source>Enable All</source>
        <translation>全部启用</translation>
    </message>
    <message>
        <source>Next Step</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Previous Step</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Every pass enabled.</source>
        <translation>所有优化遍均已启用。</translation>
    </message>
    <message>
        <source>Disabled: %1</source>
        <translation>已禁用：%1</translation>
    </message>
    <message>
        <source>Alt+Left / Alt+Right</source>
        <translation>Alt+左 / Alt+右</translation>
    </message>
    <message>
        <source>Previous / next pass step (anywhere in the window)</source>
        <translation>上一个 / 下一个优化遍步骤（在窗口任何位置）</translation>
    </message>
    <message>
        <source>Up / Down</source>
        <translation>上 / 下</translation>
    </message>
    <message>
        <source>Previous / next pass step, in the pass list</source>
        <translation>上一个 / 下一个优化遍步骤（在优化遍列表中）</translation>
    </message>
    <message>
        <source>Click a pass</source>
        <translation>单击一个优化遍</translation>
    </message>
    <message>
        <source>That pass alone: the graph before and after it</source>
        <translation>仅该优化遍：它之前和之后的图</translation>
    </message>
    <message>
        <source>A click shows what that pass alone changed: the graph before it on the left, after it on the right. Arrows or Alt+Left / Alt+Right step through the passes.</source>
        <translation>单击显示该优化遍本身的变化：左侧为之前的图，右侧为之后的图。方向键或 Alt+← / Alt+→ 逐个浏览优化遍。</translation>
    </message>
    <message>
        <source>Against the original</source>
        <translation>与原始模型比较</translation>
    </message>
    <message>
        <source>Off: a step shows that pass&apos;s own change (the graph before it on the left). On: the original model on the left, everything up to the step on the right.</source>
        <translation>关闭：步骤显示该优化遍本身的变化（左侧为之前的图）。开启：左侧为原始模型，右侧为截至该步骤的结果。</translation>
    </message>
    <message>
        <source>Select a pass to see what it alone changed.</source>
        <translation>选择一个优化遍以查看它本身的变化。</translation>
    </message>
    <message>
        <source>Step %1 · level %2, round %3 · nodes: %4</source>
        <translation>第 %1 步 · 级别 %2，第 %3 轮 · 节点：%4</translation>
    </message>
    <message>
        <source>Left: the original model. Right: after step %1.</source>
        <translation>左侧：原始模型。右侧：第 %1 步之后。</translation>
    </message>
    <message>
        <source>Left: before step %1. Right: after it (this pass alone).</source>
        <translation>左侧：第 %1 步之前。右侧：之后（仅此优化遍）。</translation>
    </message>
    <message>
        <source>&apos;Against the original&apos;</source>
        <translation>“与原始模型比较”</translation>
    </message>
    <message>
        <source>The original beside the graph after the selected step</source>
        <translation>原始模型与所选步骤之后的图并排显示</translation>
    </message>
    <message>
        <source>Change: &lt;b&gt;−&lt;/b&gt; nodes removed, &lt;b&gt;+&lt;/b&gt; added, &lt;b&gt;⊕&lt;/b&gt; fused from several, &lt;b&gt;∼&lt;/b&gt; modified by the pass (as the panes colour it).</source>
        <translation>变化：&lt;b&gt;−&lt;/b&gt; 删除的节点，&lt;b&gt;+&lt;/b&gt; 新增，&lt;b&gt;⊕&lt;/b&gt; 由多个融合，&lt;b&gt;∼&lt;/b&gt; 被该遍修改（与窗格着色一致）。</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <source>A new language takes effect the next time onnxlens starts.</source>
        <translation>新语言将在下次启动 onnxlens 时生效。</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation>主题：</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ProfileCharts</name>
    <message>
        <source>Top op types (ms per run)</source>
        <translation>耗时最多的算子类型（每次运行毫秒）</translation>
    </message>
    <message>
        <source>Run latency (ms)</source>
        <translation>运行延迟（毫秒）</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>运行次数</translation>
    </message>
    <message>
        <source>ms per run</source>
        <translation>每次运行毫秒</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ProfileDialog</name>
    <message>
        <source>Profile</source>
        <translation>性能分析</translation>
    </message>
    <message>
        <source>Disabled</source>
        <translation>禁用</translation>
    </message>
    <message>
        <source>Basic</source>
        <translation>基础</translation>
    </message>
    <message>
        <source>Extended</source>
        <translation>扩展</translation>
    </message>
    <message>
        <source>Layout (all)</source>
        <translation>布局（全部）</translation>
    </message>
    <message>
        <source>Optimization level:</source>
        <translation>优化级别：</translation>
    </message>
    <message>
        <source>all cores</source>
        <translation>所有核心</translation>
    </message>
    <message>
        <source>Threads:</source>
        <translation>线程：</translation>
    </message>
    <message>
        <source>Warm-up runs:</source>
        <translation>预热运行次数：</translation>
    </message>
    <message>
        <source>Runs:</source>
        <translation>运行次数：</translation>
    </message>
    <message>
        <source>Duration (s):</source>
        <translation>时长（秒）：</translation>
    </message>
    <message>
        <source>Random inputs, seed:</source>
        <translation>随机输入，种子：</translation>
    </message>
    <message>
        <source>Inputs from a folder:</source>
        <translation>来自文件夹的输入：</translation>
    </message>
    <message>
        <source>.pb or .npy files</source>
        <translation>.pb 或 .npy 文件</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Input Folder</source>
        <translation>输入文件夹</translation>
    </message>
    <message>
        <source>Choose the folder of input files, or use random inputs.</source>
        <translation>请选择输入文件所在的文件夹，或使用随机输入。</translation>
    </message>
    <message>
        <source>%1 is not a folder.</source>
        <translation>%1 不是文件夹。</translation>
    </message>
    <message>
        <source>Execution providers:</source>
        <translation>执行提供程序：</translation>
    </message>
    <message>
        <source>Sequential</source>
        <translation>顺序</translation>
    </message>
    <message>
        <source>Parallel (independent nodes at once)</source>
        <translation>并行（独立节点同时运行）</translation>
    </message>
    <message>
        <source>Parallel runs independent branches of the graph on several threads; the threads above are shared between them (one per branch on two cores).</source>
        <translation>并行模式在多个线程上运行图中相互独立的分支；上面的线程数由它们分享（两个核心时每个分支一个线程）。</translation>
    </message>
    <message>
        <source>Executor:</source>
        <translation>执行器：</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ProfileView</name>
    <message>
        <source>Profile…</source>
        <translation>性能分析…</translation>
    </message>
    <message>
        <source>Open Trace…</source>
        <translation>打开跟踪文件…</translation>
    </message>
    <message>
        <source>The profiles of this session; choose one to show it</source>
        <translation>本次会话的性能分析结果；选择一个进行查看</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Slice</source>
        <translation>切片</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Op Types</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>执行提供程序</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>Open Trace</source>
        <translation>打开跟踪文件</translation>
    </message>
    <message>
        <source>Trace files (*.json);;All files (*)</source>
        <translation>跟踪文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n 个线程</numerusform>
        </translation>
    </message>
    <message>
        <source>all cores</source>
        <translation>所有核心</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n 次运行</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Cannot profile the model</source>
        <translation>无法对模型进行性能分析</translation>
    </message>
    <message>
        <source>Cannot open the trace</source>
        <translation>无法打开跟踪文件</translation>
    </message>
    <message>
        <source>%1 holds no complete (&quot;X&quot;) events to show.</source>
        <translation>%1 中没有可显示的完整（&quot;X&quot;）事件。</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) · %1 per run · kernels %2 per run · %3 slices on %4 thread(s)</source>
        <translation>
            <numerusform>%n 次运行 · 每次 %1 · 内核每次 %2 · %4 个线程上共 %3 个切片</numerusform>
        </translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Thread</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Compare Runs</source>
        <translation>比较运行</translation>
    </message>
    <message>
        <source>Find slices (name or op)</source>
        <translation>查找切片（名称或算子）</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>无匹配</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>第 %1 个，共 %2 个</translation>
    </message>
    <message>
        <source>Shift+drag on the timeline to summarize a range.</source>
        <translation>在时间线上按住 Shift 拖动以汇总一个范围。</translation>
    </message>
    <message numerus="yes">
        <source>%1 – %2 · %3 long · %n slice(s)</source>
        <translation>
            <numerusform>%1 – %2 · 时长 %3 · %n 个切片</numerusform>
        </translation>
    </message>
    <message>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>执行提供程序</translation>
    </message>
    <message>
        <source>Node index</source>
        <translation>节点索引</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Input bytes</source>
        <translation>输入字节数</translation>
    </message>
    <message>
        <source>Weight bytes</source>
        <translation>权重字节数</translation>
    </message>
    <message>
        <source>Output bytes</source>
        <translation>输出字节数</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 字节</translation>
    </message>
    <message numerus="yes">
        <source>This node in the run: %n call(s), mean %1, %2% of the kernel time</source>
        <translation>
            <numerusform>此节点在本次运行中：调用 %n 次，平均 %1，占内核时间的 %2%</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 slices on %n thread(s) · %2 from the first to the last</source>
        <translation>
            <numerusform>%n 个线程上共 %1 个切片 · 从第一个到最后一个共 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Save Trace…</source>
        <translation>保存跟踪文件…</translation>
    </message>
    <message>
        <source>Save the run shown as a Chrome trace (JSON) for Perfetto, chrome://tracing or onnxlens-cli trace-summary</source>
        <translation>将当前显示的运行保存为 Chrome 跟踪文件（JSON），可用于 Perfetto、chrome://tracing 或 onnxlens-cli trace-summary</translation>
    </message>
    <message>
        <source>Save Trace</source>
        <translation>保存跟踪文件</translation>
    </message>
    <message>
        <source>trace.json</source>
        <translation>trace.json</translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation>正在保存 %1…</translation>
    </message>
    <message>
        <source>Cannot save the trace</source>
        <translation>无法保存跟踪文件</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Made from</source>
        <translation>生成自</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s): </source>
        <translation>
            <numerusform>%n 个节点：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>以及另外 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Show in the graph</source>
        <translation>在图中显示</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s), mean %1, %2% of the kernel time</source>
        <translation>
            <numerusform>调用 %n 次，平均 %1，占内核时间的 %2%</numerusform>
        </translation>
    </message>
    <message>
        <source>by node</source>
        <translation>按节点</translation>
    </message>
    <message>
        <source>by op type</source>
        <translation>按算子类型</translation>
    </message>
    <message>
        <source>Group the range&apos;s slices by node (slice name) or by op type</source>
        <translation>按节点（切片名称）或按算子类型对范围内的切片分组</translation>
    </message>
    <message>
        <source>%1 · level %2 · %3 · %4 · %5</source>
        <translation>%1 · 级别 %2 · %3 · %4 · %5</translation>
    </message>
    <message>
        <source>Profile the model (Profile…) or open a trace file. Click a slice for its details, Shift+drag for a range summary; the wheel or W / S zoom, a drag, Shift+wheel or A / D pan (the keys work while the pointer is over the timeline), 0 or Home shows the whole trace, F focuses, . and , step.</source>
        <translation>分析模型（分析…）或打开跟踪文件。单击片段查看详情，Shift+拖动汇总一个范围；滚轮或 W / S 缩放，拖动、Shift+滚轮或 A / D 平移（指针位于时间线上时按键即生效），0 或 Home 显示整个跟踪，F 聚焦，. 和 , 逐个切换。</translation>
    </message>
    <message>
        <source>⚠ This trace does not look like a profile of %1: only %2 of the %3 nodes it profiled are nodes of this model. The graph&apos;s heat, its node pages and &quot;Show in the graph&quot; find nothing for the others.</source>
        <translation>⚠ 此跟踪看起来不是 %1 的分析结果：它分析的 %3 个节点中只有 %2 个是本模型的节点。对其余节点，图的热度着色、节点页面和“在图中显示”都找不到任何内容。</translation>
    </message>
    <message numerus="yes">
        <source>%1% of the kernel time: an even share of %2, which it was fused into with %n other node(s); the kernel: %3</source>
        <translation>
            <numerusform>占内核时间的 %1%：即 %2 的平均份额（它与另外 %n 个节点一起融合进该内核）；该内核：%3</numerusform>
        </translation>
    </message>
    <message>
        <source>Random inputs with %1</source>
        <translation>随机输入：%1</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ProviderColoring</name>
    <message>
        <source>Provider colouring cancelled; choose an order or turn it on again to retry.</source>
        <translation>已取消按提供程序着色；选择一个顺序或重新开启以重试。</translation>
    </message>
    <message>
        <source>Open a model to colour it by execution provider.</source>
        <translation>打开模型以按执行提供程序着色。</translation>
    </message>
    <message>
        <source>Cannot colour by provider: %1</source>
        <translation>无法按提供程序着色：%1</translation>
    </message>
    <message>
        <source>Runs on %1</source>
        <translation>运行于 %1</translation>
    </message>
    <message>
        <source>No execution provider runs this node</source>
        <translation>没有执行提供程序运行此节点</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ProviderLegend</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Execution provider order: each node goes to the first provider that accepts it</source>
        <translation>执行提供程序顺序：每个节点交给第一个接受它的提供程序</translation>
    </message>
    <message>
        <source>no provider: %1</source>
        <translation>无提供程序：%1</translation>
    </message>
    <message>
        <source>not in the partition: %1</source>
        <translation>不在划分中：%1</translation>
    </message>
    <message numerus="yes">
        <source>⇄ %Ln boundary node(s)</source>
        <translation>
            <numerusform>⇄ %Ln 个边界节点</numerusform>
        </translation>
    </message>
    <message>
        <source>Providers: %1</source>
        <translation>提供程序：%1</translation>
    </message>
    <message>
        <source>Node counts over the whole model, subgraphs included. ⇄ marks a reorder node, or a node reading a tensor another provider produced.</source>
        <translation>节点数覆盖整个模型（含子图）。⇄ 标记重排节点，或读取其他提供程序所产生张量的节点。</translation>
    </message>
    <message numerus="yes">
        <source>(%Ln Constant(s))</source>
        <translation>
            <numerusform>（其中 %Ln 个 Constant）</numerusform>
        </translation>
    </message>
    <message>
        <source>Providers at level %1: %2</source>
        <translation>级别 %1 的提供程序：%2</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ProviderOrderEdit</name>
    <message>
        <source>Execution providers in priority order: each node runs on the first checked provider that accepts it. The reference provider is always the last fallback.</source>
        <translation>按优先级排列的执行提供程序：每个节点在第一个接受它的已勾选提供程序上运行。reference 提供程序始终是最后的后备。</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>%1 (always the last fallback)</source>
        <translation>%1（始终为最后的后备）</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::QuantizeColoring</name>
    <message>
        <source>Quantization</source>
        <translation>量化</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>SQNR</source>
        <translation>SQNR</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <source>Max |error|</source>
        <translation>最大 |误差|</translation>
    </message>
    <message>
        <source>Data range</source>
        <translation>数据范围</translation>
    </message>
    <message>
        <source>Calibration range</source>
        <translation>校准范围</translation>
    </message>
    <message>
        <source>Quantization parameters</source>
        <translation>量化参数</translation>
    </message>
    <message>
        <source>Integer type</source>
        <translation>整数类型</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>缩放</translation>
    </message>
    <message>
        <source>Zero point</source>
        <translation>零点</translation>
    </message>
    <message>
        <source>Range in float</source>
        <translation>浮点范围</translation>
    </message>
    <message>
        <source>%1 per-channel values in [%2, %3]</source>
        <translation>%1 个逐通道值，位于 [%2, %3]</translation>
    </message>
    <message>
        <source>Widest range in float</source>
        <translation>最宽浮点范围</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::QuantizeForm</name>
    <message>
        <source>Static (QDQ)</source>
        <translation>静态 (QDQ)</translation>
    </message>
    <message>
        <source>Dynamic</source>
        <translation>动态</translation>
    </message>
    <message>
        <source>Static: weights and activations in int8, activation ranges calibrated on data. Dynamic: weights in int8, activations quantized at run time; no calibration.</source>
        <translation>静态：权重和激活均为 int8，激活范围由数据校准。动态：权重为 int8，激活在运行时量化；无需校准。</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>模式：</translation>
    </message>
    <message>
        <source>Folder of input sets</source>
        <translation>输入集文件夹</translation>
    </message>
    <message>
        <source>Random data</source>
        <translation>随机数据</translation>
    </message>
    <message>
        <source>Calibration:</source>
        <translation>校准：</translation>
    </message>
    <message>
        <source>a folder holding test_data_set_0, test_data_set_1, …</source>
        <translation>包含 test_data_set_0、test_data_set_1 … 的文件夹</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Folder:</source>
        <translation>文件夹：</translation>
    </message>
    <message>
        <source>Calibration Data</source>
        <translation>校准数据</translation>
    </message>
    <message>
        <source>Random samples:</source>
        <translation>随机样本数：</translation>
    </message>
    <message>
        <source>&lt;b&gt;Warning:&lt;/b&gt; ranges calibrated on random data are not representative; the quantized model may lose accuracy badly. Use real inputs for a model you ship.</source>
        <translation>&lt;b&gt;警告：&lt;/b&gt;用随机数据校准的范围不具代表性；量化模型可能严重损失精度。发布的模型请使用真实输入。</translation>
    </message>
    <message>
        <source>MinMax</source>
        <translation>MinMax</translation>
    </message>
    <message>
        <source>Entropy (KL divergence)</source>
        <translation>熵（KL 散度）</translation>
    </message>
    <message>
        <source>Percentile</source>
        <translation>百分位</translation>
    </message>
    <message>
        <source>Method:</source>
        <translation>方法：</translation>
    </message>
    <message>
        <source>Percentile:</source>
        <translation>百分位：</translation>
    </message>
    <message>
        <source>Per-channel weights</source>
        <translation>逐通道权重</translation>
    </message>
    <message>
        <source>Symmetric activations</source>
        <translation>对称激活</translation>
    </message>
    <message>
        <source>uint8</source>
        <translation>uint8</translation>
    </message>
    <message>
        <source>int8</source>
        <translation>int8</translation>
    </message>
    <message>
        <source>Activation type:</source>
        <translation>激活类型：</translation>
    </message>
    <message>
        <source>Op types to quantize; none checked: every type the mode handles</source>
        <translation>要量化的算子类型；未勾选时：该模式支持的所有类型</translation>
    </message>
    <message>
        <source>Op types:</source>
        <translation>算子类型：</translation>
    </message>
    <message>
        <source>Nodes left in float. Add one with a right-click on it in the Graph tab → Exclude from Quantization</source>
        <translation>保持浮点的节点。在图标签页中右键单击节点 → 从量化中排除 即可添加</translation>
    </message>
    <message>
        <source>Remove Selected</source>
        <translation>移除所选</translation>
    </message>
    <message>
        <source>Excluded nodes:</source>
        <translation>排除的节点：</translation>
    </message>
    <message>
        <source>Choose a calibration folder, or random data.</source>
        <translation>请选择校准文件夹或随机数据。</translation>
    </message>
    <message>
        <source>The calibration folder %1 does not exist.</source>
        <translation>校准文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>Folder of images</source>
        <translation>图像文件夹</translation>
    </message>
    <message>
        <source>mean, e.g. 0.485, 0.456, 0.406</source>
        <translation>均值，例如 0.485, 0.456, 0.406</translation>
    </message>
    <message>
        <source>std, e.g. 0.229, 0.224, 0.225</source>
        <translation>标准差，例如 0.229, 0.224, 0.225</translation>
    </message>
    <message>
        <source>size HxW (default: the model&apos;s)</source>
        <translation>尺寸 HxW（默认：模型的）</translation>
    </message>
    <message>
        <source>PNG and JPEG images, resized to the model&apos;s input, scaled to [0, 1] and normalized per channel as (x - mean) / std</source>
        <translation>PNG 和 JPEG 图像，缩放到模型输入的尺寸，映射到 [0, 1]，并按通道归一化为 (x - 均值) / 标准差</translation>
    </message>
    <message>
        <source>Images:</source>
        <translation>图像：</translation>
    </message>
    <message>
        <source>a folder of .png / .jpg images</source>
        <translation>一个包含 .png / .jpg 图像的文件夹</translation>
    </message>
    <message>
        <source>The mean is a list of numbers, e.g. 0.485, 0.456, 0.406.</source>
        <translation>均值应为数字列表，例如 0.485, 0.456, 0.406。</translation>
    </message>
    <message>
        <source>The standard deviation is a list of numbers, e.g. 0.229, 0.224, 0.225.</source>
        <translation>标准差应为数字列表，例如 0.229, 0.224, 0.225。</translation>
    </message>
    <message>
        <source>The size is HxW, e.g. 224x224.</source>
        <translation>尺寸格式为 HxW，例如 224x224。</translation>
    </message>
    <message>
        <source>Standard ONNX</source>
        <translation>标准 ONNX</translation>
    </message>
    <message>
        <source>ONNX Runtime (com.microsoft ops)</source>
        <translation>ONNX Runtime（com.microsoft 算子）</translation>
    </message>
    <message>
        <source>Dynamic quantization&apos;s operators. Standard ONNX: DynamicQuantizeLinear, MatMulInteger and ConvInteger (any ONNX runtime; LSTMs stay float). ONNX Runtime: its DynamicQuantizeMatMul and DynamicQuantizeLSTM as well.</source>
        <translation>动态量化使用的算子。标准 ONNX：DynamicQuantizeLinear、MatMulInteger 和 ConvInteger（任何 ONNX 运行时均可加载；LSTM 保持浮点）。ONNX Runtime：另外使用其 DynamicQuantizeMatMul 和 DynamicQuantizeLSTM。</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <source>7-bit weights (reduce range)</source>
        <translation>7 位权重（缩小范围）</translation>
    </message>
    <message>
        <source>7-bit weights: about 2x faster here (no VNNI)</source>
        <translation>7 位权重：此处约快 2 倍（无 VNNI）</translation>
    </message>
    <message>
        <source>Quantize weights to [-64, 64]. CPUs without VNNI sum full-range int8 products exactly only at about float speed; 7-bit weights run about twice as fast there, at some accuracy.</source>
        <translation>将权重量化到 [-64, 64]。没有 VNNI 的 CPU 只能以约等于 float 的速度精确累加全范围 int8 乘积；7 位权重在这类 CPU 上约快一倍，但会损失一些精度。</translation>
    </message>
    <message>
        <source>The calibration folder</source>
        <translation>校准文件夹</translation>
    </message>
    <message>
        <source>The folder of images</source>
        <translation>图像文件夹</translation>
    </message>
    <message>
        <source>source: %1</source>
        <translation>来源：%1</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::QuantizeView</name>
    <message>
        <source>Layer SQNR (float vs quantized): worst %1 dB %2 %3 dB best (a closed group shows its worst node) · %4 of %5 nodes compared</source>
        <translation>层 SQNR（浮点 vs 量化）：最差 %1 dB %2 %3 dB 最好（折叠的组显示其最差节点）· 已比较 %5 个节点中的 %4 个</translation>
    </message>
    <message>
        <source>Quantize</source>
        <translation>量化</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Exclude the N Worst and Re-run</source>
        <translation>排除最差的 N 个并重新运行</translation>
    </message>
    <message>
        <source>Leaves the nodes of the N layers with the lowest SQNR in float and quantizes again</source>
        <translation>将 SQNR 最低的 N 个层的节点保持为浮点并重新量化</translation>
    </message>
    <message>
        <source>N:</source>
        <translation>N：</translation>
    </message>
    <message>
        <source>Compare Graphs in the Optimize Tab</source>
        <translation>在优化标签页中比较图</translation>
    </message>
    <message>
        <source>Export Quantized Model…</source>
        <translation>导出量化模型…</translation>
    </message>
    <message>
        <source>Choose the options and press Quantize.</source>
        <translation>选择选项并点击“量化”。</translation>
    </message>
    <message>
        <source>Quantization cancelled</source>
        <translation>量化已取消</translation>
    </message>
    <message>
        <source>Cannot quantize</source>
        <translation>无法量化</translation>
    </message>
    <message>
        <source>No temporary folder can be made.</source>
        <translation>无法创建临时文件夹。</translation>
    </message>
    <message>
        <source>Quantized into %1</source>
        <translation>已量化到 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; quantization, %2 calibration sample(s) · %3 Q/DQ pairs</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 量化，%2 个校准样本 · %3 个 Q/DQ 对</translation>
    </message>
    <message>
        <source>Size: float %1 → quantized %2 (%3×)</source>
        <translation>大小：浮点 %1 → 量化 %2 (%3×)</translation>
    </message>
    <message>
        <source>P50: float %1 ms → quantized %2 ms (%3×)</source>
        <translation>P50：浮点 %1 ms → 量化 %2 ms (%3×)</translation>
    </message>
    <message>
        <source>P10–P90: float %1–%2 ms, quantized %3–%4 ms (%5 runs each, alternated)</source>
        <translation>P10–P90：浮点 %1–%2 ms，量化 %3–%4 ms（各 %5 次，交替运行）</translation>
    </message>
    <message>
        <source>noisy: spread %1% — close other programs or use 1 thread</source>
        <translation>波动大：离散 %1% — 请关闭其他程序或使用 1 个线程</translation>
    </message>
    <message>
        <source>machine loaded: %1 of %2 cores busy with other programs</source>
        <translation>机器负载高：%2 个核心中有 %1 个被其他程序占用</translation>
    </message>
    <message>
        <source>Latency not reliable:</source>
        <translation>延迟不可靠：</translation>
    </message>
    <message numerus="yes">
        <source>Compared on %n sample(s)</source>
        <translation>
            <numerusform>在 %n 个样本上比较</numerusform>
        </translation>
    </message>
    <message>
        <source>(random, held out)</source>
        <translation>（随机，留出）</translation>
    </message>
    <message>
        <source>calibrated on random data: the ranges are not representative</source>
        <translation>用随机数据校准：范围不具代表性</translation>
    </message>
    <message>
        <source>Warning:</source>
        <translation>警告：</translation>
    </message>
    <message>
        <source>Quantize the model first.</source>
        <translation>请先量化模型。</translation>
    </message>
    <message>
        <source>%1 is the model opened; choose another file.</source>
        <translation>%1 是已打开的模型；请选择其他文件。</translation>
    </message>
    <message>
        <source>Replace File</source>
        <translation>替换文件</translation>
    </message>
    <message>
        <source>%1 exists. Replace it?</source>
        <translation>%1 已存在。是否替换？</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>dynamic</source>
        <translation>动态</translation>
    </message>
    <message>
        <source>static</source>
        <translation>静态</translation>
    </message>
    <message>
        <source>Automatic Search (mixed precision)</source>
        <translation>自动搜索（混合精度）</translation>
    </message>
    <message>
        <source>Cosine ≥</source>
        <translation>余弦 ≥</translation>
    </message>
    <message>
        <source>SQNR dB ≥</source>
        <translation>SQNR dB ≥</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Cannot search</source>
        <translation>无法搜索</translation>
    </message>
    <message>
        <source>The search quantizes statically: choose Static.</source>
        <translation>搜索使用静态量化：请选择“静态”。</translation>
    </message>
    <message numerus="yes">
        <source>Search: target %1 %2 reached with %n node(s) in float</source>
        <translation>
            <numerusform>搜索：目标 %1 %2 已达成，%n 个节点保持浮点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Search: target %1 %2 not reached; %n node(s) in float</source>
        <translation>
            <numerusform>搜索：目标 %1 %2 未达成；%n 个节点保持浮点</numerusform>
        </translation>
    </message>
    <message>
        <source>Measures the error each node adds when it alone is quantized, then bisects on how many of the most harmful stay in float until the worst output reaches the target; each trial measures accuracy and P50</source>
        <translation>测量每个节点单独量化时引入的误差，再二分查找需保留为浮点的最有害节点数，直到最差输出达到目标；每次试验测量精度和 P50</translation>
    </message>
    <message>
        <source>Trials</source>
        <translation>试验</translation>
    </message>
    <message>
        <source>Double-click a node to see it in the graph</source>
        <translation>双击节点可在图中查看</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>敏感度</translation>
    </message>
    <message>
        <source>trials </source>
        <translation>试验 </translation>
    </message>
    <message>
        <source>cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <source>SQNR dB</source>
        <translation>SQNR dB</translation>
    </message>
    <message>
        <source>This CPU has no VNNI: full-range int8 weights run at about float speed here; “7-bit weights” runs about twice as fast.</source>
        <translation>此 CPU 没有 VNNI：全范围 int8 权重在这里约与 float 一样快；“7 位权重”约快一倍。</translation>
    </message>
    <message numerus="yes">
        <source>level %1, %n thread(s)</source>
        <translation>
            <numerusform>级别 %1，%n 个线程</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::RunComparison</name>
    <message>
        <source>A:</source>
        <translation>A：</translation>
    </message>
    <message>
        <source>B:</source>
        <translation>B：</translation>
    </message>
    <message>
        <source>Statistic</source>
        <translation>统计量</translation>
    </message>
    <message>
        <source>A (ms)</source>
        <translation>A（毫秒）</translation>
    </message>
    <message>
        <source>B (ms)</source>
        <translation>B（毫秒）</translation>
    </message>
    <message>
        <source>B / A</source>
        <translation>B / A</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>运行次数</translation>
    </message>
    <message>
        <source>min</source>
        <translation>最小</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>A (ms per run)</source>
        <translation>A（每次运行毫秒）</translation>
    </message>
    <message>
        <source>B (ms per run)</source>
        <translation>B（每次运行毫秒）</translation>
    </message>
    <message>
        <source>A calls per run</source>
        <translation>A 每次运行调用次数</translation>
    </message>
    <message>
        <source>B calls per run</source>
        <translation>B 每次运行调用次数</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>gone</source>
        <translation>已消失</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>Too few runs to tell a difference from noise: profile at least 3 runs on each side (medians %1 and %2 ms).</source>
        <translation>运行次数太少，无法区分差异与噪声：每一侧至少分析 3 次运行（中位数 %1 和 %2 ms）。</translation>
    </message>
    <message>
        <source>⚠ No real difference: the medians differ by %1% (%2 ms), within the runs&apos; own noise (%3 ms between their quartiles). Profile more runs, or on a quieter machine.</source>
        <translation>⚠ 没有真正的差异：中位数相差 %1%（%2 ms），在运行自身的噪声范围内（四分位数之间相差 %3 ms）。请分析更多次运行，或在更空闲的机器上分析。</translation>
    </message>
    <message>
        <source>B is %1× as fast as A: %2% less time (median %3 vs %4 ms), beyond the runs&apos; noise (%5 ms between their quartiles).</source>
        <translation>B 的速度是 A 的 %1 倍：用时少 %2%（中位数 %3 对 %4 ms），超出运行的噪声（四分位数之间相差 %5 ms）。</translation>
    </message>
    <message>
        <source>B takes %1× as long as A: %2% more time (median %3 vs %4 ms), beyond the runs&apos; noise (%5 ms between their quartiles).</source>
        <translation>B 的用时是 A 的 %1 倍：用时多 %2%（中位数 %3 对 %4 ms），超出运行的噪声（四分位数之间相差 %5 ms）。</translation>
    </message>
    <message>
        <source>⚠ A and B are runs of different models (%1 and %2): their times do not say that one is faster. Compare the models node for node in the Optimize tab (Other file…).</source>
        <translation>⚠ A 和 B 是不同模型的运行（%1 和 %2）：它们的时间不能说明哪一个更快。请在“优化”标签页中逐节点比较这两个模型（其他文件…）。</translation>
    </message>
    <message>
        <source>⚠ A and B are runs of %1, but the file changed between them: their times compare two different models.</source>
        <translation>⚠ A 和 B 都是 %1 的运行，但文件在两次运行之间已更改：它们的时间比较的是两个不同的模型。</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::SearchStepsModel</name>
    <message>
        <source>(all quantized)</source>
        <translation>（全部量化）</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <source>SQNR dB</source>
        <translation>SQNR dB</translation>
    </message>
    <message>
        <source>P50 ms</source>
        <translation>P50 ms</translation>
    </message>
    <message>
        <source>In float</source>
        <translation>浮点节点数</translation>
    </message>
    <message>
        <source>reached</source>
        <translation>已达到</translation>
    </message>
    <message>
        <source>not reached</source>
        <translation>未达到</translation>
    </message>
    <message>
        <source>Least harmful in float</source>
        <translation>保留浮点中影响最小者</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>目标</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::SensitivityModel</name>
    <message>
        <source>in float</source>
        <translation>浮点</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Cosine alone</source>
        <translation>单独余弦</translation>
    </message>
    <message>
        <source>SQNR dB alone</source>
        <translation>单独 SQNR dB</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::SqnrChart</name>
    <message>
        <source>Layer SQNR (dB), worst first</source>
        <translation>层 SQNR (dB)，最差在前</translation>
    </message>
    <message>
        <source>Click a bar to see the node in the graph</source>
        <translation>点击柱以在图中查看节点</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::StageText</name>
    <message>
        <source>Reading the file…</source>
        <translation>正在读取文件…</translation>
    </message>
    <message>
        <source>Parsing…</source>
        <translation>正在解析…</translation>
    </message>
    <message>
        <source>Checking the model…</source>
        <translation>正在检查模型…</translation>
    </message>
    <message>
        <source>Inferring shapes…</source>
        <translation>正在推断形状…</translation>
    </message>
    <message>
        <source>Building the graph…</source>
        <translation>正在构建计算图…</translation>
    </message>
    <message>
        <source>Summarizing the model…</source>
        <translation>正在汇总模型…</translation>
    </message>
    <message>
        <source>Laying out the graph…</source>
        <translation>正在布局计算图…</translation>
    </message>
    <message>
        <source>Optimizing…</source>
        <translation>正在优化…</translation>
    </message>
    <message>
        <source>Recording the steps…</source>
        <translation>正在记录各步骤…</translation>
    </message>
    <message>
        <source>Running the optimized model…</source>
        <translation>正在运行优化后的模型…</translation>
    </message>
    <message>
        <source>Running the original model…</source>
        <translation>正在运行原始模型…</translation>
    </message>
    <message>
        <source>Searching the breaking pass…</source>
        <translation>正在查找改变输出的 Pass…</translation>
    </message>
    <message>
        <source>Creating the session…</source>
        <translation>正在创建会话…</translation>
    </message>
    <message>
        <source>Warming up…</source>
        <translation>正在预热…</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>正在运行…</translation>
    </message>
    <message>
        <source>Profiling…</source>
        <translation>正在进行性能分析…</translation>
    </message>
    <message>
        <source>Benchmarking…</source>
        <translation>正在进行基准测试…</translation>
    </message>
    <message>
        <source>Reading the trace…</source>
        <translation>正在读取跟踪文件…</translation>
    </message>
    <message>
        <source>Writing the trace…</source>
        <translation>正在写入跟踪文件…</translation>
    </message>
    <message>
        <source>Writing the model…</source>
        <translation>正在写入模型…</translation>
    </message>
    <message>
        <source>Reading the inputs…</source>
        <translation>正在读取输入…</translation>
    </message>
    <message>
        <source>Calibrating…</source>
        <translation>正在校准…</translation>
    </message>
    <message>
        <source>Quantizing…</source>
        <translation>正在量化…</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>stage and its detail, e.g. &apos;Profiling… 3/10&apos;</comment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>Invalid request</source>
        <translation>无效请求</translation>
    </message>
    <message>
        <source>Invalid model</source>
        <translation>无效模型</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>Read or write error</source>
        <translation>读写错误</translation>
    </message>
    <message>
        <source>Not supported</source>
        <translation>不支持</translation>
    </message>
    <message>
        <source>Out of range</source>
        <translation>超出范围</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Internal error</source>
        <translation>内部错误</translation>
    </message>
    <message>
        <source>Assigning execution providers…</source>
        <translation>正在分配执行提供程序…</translation>
    </message>
    <message>
        <source>disabled</source>
        <comment>optimization level</comment>
        <translation>禁用</translation>
    </message>
    <message>
        <source>basic</source>
        <comment>optimization level</comment>
        <translation>基础</translation>
    </message>
    <message>
        <source>extended</source>
        <comment>optimization level</comment>
        <translation>扩展</translation>
    </message>
    <message>
        <source>layout</source>
        <comment>optimization level</comment>
        <translation>布局</translation>
    </message>
    <message>
        <source>main</source>
        <comment>the thread that runs the model</comment>
        <translation>主线程</translation>
    </message>
    <message>
        <source>pool worker %1</source>
        <comment>a thread of the intra-op pool</comment>
        <translation>线程池工作线程 %1</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::StepListModel</name>
    <message>
        <source>Verification: the outputs first differ after this step</source>
        <translation>验证：输出从此步骤开始出现差异</translation>
    </message>
    <message>
        <source>Nodes after the step</source>
        <translation>该步骤后的节点数</translation>
    </message>
    <message>
        <source>Time the pass took, in milliseconds</source>
        <translation>该优化遍耗时（毫秒）</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>优化遍</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message numerus="yes">
        <source>%n removed</source>
        <translation>
            <numerusform>已删除 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n added</source>
        <translation>
            <numerusform>已添加 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n modified</source>
        <translation>
            <numerusform>已修改 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Level %1, round %2</source>
        <translation>级别 %1，第 %2 轮</translation>
    </message>
    <message>
        <source>Nodes: %1</source>
        <translation>节点：%1</translation>
    </message>
    <message>
        <source>no node removed, added or modified</source>
        <translation>没有节点被删除、添加或修改</translation>
    </message>
    <message numerus="yes">
        <source>%n unused initializer(s) removed</source>
        <translation>
            <numerusform>删除了 %n 个未使用的初始化器</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 initializers</source>
        <translation>%1 个初始化器</translation>
    </message>
    <message numerus="yes">
        <source>%n fused</source>
        <translation>
            <numerusform>%n 个融合</numerusform>
        </translation>
    </message>
    <message>
        <source>Nodes removed (−), added (+), fused from several (⊕) and modified (∼)</source>
        <translation>节点：删除 (−)、新增 (+)、由多个融合 (⊕)、修改 (∼)</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::SummaryTableModel</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Occurrences</source>
        <translation>出现次数</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Wall duration (ms)</source>
        <translation>墙钟时长（毫秒）</translation>
    </message>
    <message>
        <source>Total (ms)</source>
        <translation>总计（毫秒）</translation>
    </message>
    <message>
        <source>Average (µs)</source>
        <translation>平均（微秒）</translation>
    </message>
    <message>
        <source>Mean (µs)</source>
        <translation>均值（微秒）</translation>
    </message>
    <message>
        <source>% of range</source>
        <translation>占范围 %</translation>
    </message>
    <message>
        <source>Work a node handed to the thread pool, on a worker thread: already inside the node&apos;s own time, so listed after the nodes</source>
        <translation>节点交给线程池、在工作线程上执行的工作：已包含在该节点自身的时间内，因此列在节点之后</translation>
    </message>
    <message>
        <source>Not a node: a run, session or other event spanning nodes; listed after them</source>
        <translation>不是节点：跨越多个节点的运行、会话或其他事件；列在节点之后</translation>
    </message>
    <message>
        <source>Each row&apos;s time inside the range over the range&apos;s length; nested slices and several threads can add up to more than 100%</source>
        <translation>每行在范围内的时间除以范围长度；嵌套片段和多个线程加起来可能超过 100%</translation>
    </message>
    <message>
        <source>The thread&apos;s busy time (its kernels and thread-pool work) over the kernel time of all runs: the thread that runs the nodes is near 100%; a pool worker&apos;s share says how much of that time it helped</source>
        <translation>线程的忙碌时间（其内核和线程池工作）除以所有运行的内核时间：执行节点的线程接近 100%；线程池工作线程的份额表示它在这段时间里分担了多少</translation>
    </message>
    <message>
        <source>The row&apos;s kernel time over the kernel time of all runs</source>
        <translation>该行的内核时间除以所有运行的内核时间</translation>
    </message>
    <message>
        <source>Busy, % of kernel time</source>
        <translation>忙碌，占内核时间 %</translation>
    </message>
    <message>
        <source>% of kernel time</source>
        <translation>占内核时间 %</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::TensorPanel</name>
    <message>
        <source>← Back</source>
        <translation>← 返回</translation>
    </message>
    <message>
        <source>Back to the node</source>
        <translation>返回节点</translation>
    </message>
    <message>
        <source>Save as .npy…</source>
        <translation>另存为 .npy…</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>元素</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>Std</source>
        <translation>标准差</translation>
    </message>
    <message>
        <source>Sparsity</source>
        <translation>稀疏度</translation>
    </message>
    <message>
        <source>%1% zeros</source>
        <translation>%1% 为零</translation>
    </message>
    <message>
        <source>NaN</source>
        <translation>NaN</translation>
    </message>
    <message>
        <source>Inf</source>
        <translation>Inf</translation>
    </message>
    <message numerus="yes">
        <source>First %n value(s)</source>
        <translation>
            <numerusform>前 %n 个值</numerusform>
        </translation>
    </message>
    <message>
        <source>Values</source>
        <translation>值</translation>
    </message>
    <message numerus="yes">
        <source>Histogram (%n bin(s))</source>
        <translation>
            <numerusform>直方图（%n 个区间）</numerusform>
        </translation>
    </message>
    <message>
        <source>there is no tensor to save</source>
        <translation>没有可保存的张量</translation>
    </message>
    <message>
        <source>cannot save %1 as %2: %3</source>
        <translation>无法将 %1 保存为 %2：%3</translation>
    </message>
    <message>
        <source>Save Tensor</source>
        <translation>保存张量</translation>
    </message>
    <message>
        <source>NumPy array (*.npy)</source>
        <translation>NumPy 数组 (*.npy)</translation>
    </message>
    <message>
        <source>Cannot save the tensor</source>
        <translation>无法保存张量</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ThroughputChart</name>
    <message numerus="yes">
        <source>level %1 · %n thread(s)</source>
        <translation>
            <numerusform>级别 %1 · %n 个线程</numerusform>
        </translation>
    </message>
    <message>
        <source>Throughput against batch size: profile the model at two or more sizes (Profile… → Dimensions, e.g. batch=1, then batch=4 and batch=16) and each run becomes a point here; three sizes or more mark the knee.</source>
        <translation>吞吐量与批大小：以两个或更多大小对模型做性能分析（性能分析… → 维度，例如 batch=1，然后 batch=4 和 batch=16），每次运行都会成为这里的一个点；三个或更多大小会标出拐点。</translation>
    </message>
    <message>
        <source>Throughput against %1 (items per second, from the profiled runs&apos; medians)</source>
        <translation>吞吐量与 %1（每秒条目数，取自性能分析运行的中位数）</translation>
    </message>
    <message>
        <source>%1 (items per run)</source>
        <translation>%1（每次运行的条目数）</translation>
    </message>
    <message>
        <source>items/s</source>
        <translation>条目/秒</translation>
    </message>
    <message>
        <source>knee</source>
        <translation>拐点</translation>
    </message>
    <message>
        <source>%1: knee (■) at %2 items per run, %3 items/s (%4% of the best, %5 items/s); larger sizes add latency for little throughput.</source>
        <translation>%1：拐点（■）在每次运行 %2 个条目，%3 条目/秒（最佳值 %5 条目/秒的 %4%）；更大的大小只会增加延迟，吞吐量提升很少。</translation>
    </message>
    <message>
        <source>%1: no knee yet (profile three sizes or more).</source>
        <translation>%1：尚无拐点（请分析三个或更多大小）。</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::TimelineWidget</name>
    <message>
        <source>W / S, wheel</source>
        <translation>W / S、滚轮</translation>
    </message>
    <message>
        <source>Zoom in / out at the pointer</source>
        <translation>在指针处放大 / 缩小</translation>
    </message>
    <message>
        <source>A / D, Shift+wheel, drag</source>
        <translation>A / D、Shift+滚轮、拖动</translation>
    </message>
    <message>
        <source>Pan earlier / later</source>
        <translation>向前 / 向后平移</translation>
    </message>
    <message>
        <source>0, Home</source>
        <translation>0、Home</translation>
    </message>
    <message>
        <source>Show the whole trace</source>
        <translation>显示整个跟踪</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>Focus the selected slice (or range)</source>
        <translation>聚焦所选片段（或范围）</translation>
    </message>
    <message>
        <source>. / ,</source>
        <translation>. / ,</translation>
    </message>
    <message>
        <source>Next / previous slice on the selected slice&apos;s row</source>
        <translation>所选片段所在行的下一个 / 上一个片段</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>单击</translation>
    </message>
    <message>
        <source>Select a slice: its details, and its node in the graph</source>
        <translation>选择片段：显示其详情及其在图中的节点</translation>
    </message>
    <message>
        <source>Shift+drag</source>
        <translation>Shift+拖动</translation>
    </message>
    <message>
        <source>Summarize a time range</source>
        <translation>汇总一个时间范围</translation>
    </message>
    <message>
        <source>(hover)</source>
        <translation>（悬停）</translation>
    </message>
    <message>
        <source>The keys work while the pointer is over the timeline</source>
        <translation>指针位于时间线上时按键即生效</translation>
    </message>
    <message>
        <source>memory in use</source>
        <translation>已用内存</translation>
    </message>
    <message>
        <source>peak %1</source>
        <translation>峰值 %1</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ValueTableModel</name>
    <message>
        <source>scalar</source>
        <translation>标量</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::VerifyPanel</name>
    <message>
        <source>Random inputs, seed</source>
        <translation>随机输入，种子</translation>
    </message>
    <message>
        <source>Inputs from a folder (.pb / .npy)</source>
        <translation>来自文件夹的输入 (.pb / .npy)</translation>
    </message>
    <message>
        <source>test_data_set_0</source>
        <translation>test_data_set_0</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Verify Outputs</source>
        <translation>验证输出</translation>
    </message>
    <message>
        <source>Run the original and the right-hand graph on the same inputs and compare every output</source>
        <translation>用相同输入运行原始图和右侧的图，并比较每个输出</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Max abs error</source>
        <translation>最大绝对误差</translation>
    </message>
    <message>
        <source>Max rel error</source>
        <translation>最大相对误差</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Input Folder</source>
        <translation>输入文件夹</translation>
    </message>
    <message>
        <source>Compares the original with the graph on the right.</source>
        <translation>将原始图与右侧的图进行比较。</translation>
    </message>
    <message>
        <source>Compare the original with the graph after step %1</source>
        <translation>将原始图与第 %1 步之后的图进行比较</translation>
    </message>
    <message>
        <source>Choose a level or a step on the right side to verify it</source>
        <translation>请在右侧选择一个级别或步骤进行验证</translation>
    </message>
    <message>
        <source>Verification cancelled.</source>
        <translation>验证已取消。</translation>
    </message>
    <message>
        <source>Verification failed: %1</source>
        <translation>验证失败：%1</translation>
    </message>
    <message>
        <source>differ</source>
        <translation>不同</translation>
    </message>
    <message>
        <source>Outputs differ. Bisection (%1 runs): the first step that changes them is &lt;a href=&quot;step:%2&quot;&gt;step %2, %3&lt;/a&gt;.</source>
        <translation>输出不同。二分查找（%1 次运行）：最先改变输出的是&lt;a href=&quot;step:%2&quot;&gt;第 %2 步，%3&lt;/a&gt;。</translation>
    </message>
    <message>
        <source>Outputs differ.</source>
        <translation>输出不同。</translation>
    </message>
    <message>
        <source>match (by atol)</source>
        <translation>一致（按 atol）</translation>
    </message>
    <message>
        <source>match (by rtol)</source>
        <translation>一致（按 rtol）</translation>
    </message>
    <message>
        <source>The relative error exceeds rtol %1 only where the reference is near 0; there the absolute tolerance atol %2 decides. Every element is within atol + rtol × |reference|.</source>
        <translation>相对误差仅在参考值接近 0 处超过 rtol %1；此处由绝对容差 atol %2 决定。每个元素都在 atol + rtol × |参考值| 之内。</translation>
    </message>
    <message>
        <source>Every element is within atol + rtol × |reference| (atol %1, rtol %2).</source>
        <translation>每个元素都在 atol + rtol × |参考值| 之内（atol %1，rtol %2）。</translation>
    </message>
    <message numerus="yes">
        <source>All %n output(s) match: every element within atol + rtol × |reference| (atol %1, rtol %2, as numpy.allclose).</source>
        <translation>
            <numerusform>全部 %n 个输出一致：每个元素都在 atol + rtol × |参考值| 之内（atol %1，rtol %2，同 numpy.allclose）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot verify: %1</source>
        <translation>无法验证：%1</translation>
    </message>
</context>
</TS>
