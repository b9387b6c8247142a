<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>onnxlens::widgets</name>
    <message>
        <source>could not render the window</source>
        <translation>Das Fenster konnte nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation>%1 konnte nicht geschrieben werden</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::BreadcrumbBar</name>
    <message>
        <source>main graph</source>
        <translation>Hauptgraph</translation>
    </message>
    <message>
        <source>Backspace: up one level</source>
        <translation>Rücktaste: eine Ebene nach oben</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::CompareView</name>
    <message>
        <source>What the left side shows</source>
        <translation>Was die linke Seite zeigt</translation>
    </message>
    <message>
        <source>What the right side shows</source>
        <translation>Was die rechte Seite zeigt</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n Knoten</numerusform>
            <numerusform>%n Knoten</numerusform>
        </translation>
    </message>
    <message>
        <source>Original (%1)</source>
        <translation>Original (%1)</translation>
    </message>
    <message>
        <source>Basic</source>
        <translation>Basis</translation>
    </message>
    <message>
        <source>Extended</source>
        <translation>Erweitert</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>Layout</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Other file…</source>
        <translation>Andere Datei…</translation>
    </message>
    <message>
        <source>Compare with Model</source>
        <translation>Mit Modell vergleichen</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx);;All files (*)</source>
        <translation>ONNX-Modelle (*.onnx);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>There is no step %1 (the optimization made %2).</source>
        <translation>Es gibt keinen Schritt %1 (die Optimierung hatte %2).</translation>
    </message>
    <message>
        <source>The level %1 was not run.</source>
        <translation>Die Stufe %1 wurde nicht ausgeführt.</translation>
    </message>
    <message>
        <source>%1 is neither original, basic, extended, layout, step:N nor a file.</source>
        <translation>%1 ist weder original, basic, extended, layout, step:N noch eine Datei.</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>Lade %1…</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>%1 kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>The two graphs are the same.</source>
        <translation>Die beiden Graphen sind gleich.</translation>
    </message>
    <message numerus="yes">
        <source>%n removed</source>
        <translation>
            <numerusform>%n entfernt</numerusform>
            <numerusform>%n entfernt</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 fused from %2</source>
        <translation>%1 verschmolzen aus %2</translation>
    </message>
    <message numerus="yes">
        <source>%n added</source>
        <translation>
            <numerusform>%n hinzugefügt</numerusform>
            <numerusform>%n hinzugefügt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n modified</source>
        <translation>
            <numerusform>%n geändert</numerusform>
            <numerusform>%n geändert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unchanged</source>
        <translation>
            <numerusform>%n unverändert</numerusform>
            <numerusform>%n unverändert</numerusform>
        </translation>
    </message>
    <message>
        <source>matched by the optimizer&apos;s provenance</source>
        <translation>zugeordnet über die Herkunft aus dem Optimierer</translation>
    </message>
    <message>
        <source>matched by node name, then by structure</source>
        <translation>zugeordnet über Knotennamen, dann über die Struktur</translation>
    </message>
    <message>
        <source>Select a node on either side to see its counterparts.</source>
        <translation>Wählen Sie einen Knoten auf einer Seite, um seine Gegenstücke zu sehen.</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>und %n weiterer</numerusform>
            <numerusform>und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>unverändert</translation>
    </message>
    <message>
        <source>modified (attributes, op type, weights or inputs differ)</source>
        <translation>geändert (Attribute, Operatortyp, Gewichte oder Eingaben unterscheiden sich)</translation>
    </message>
    <message numerus="yes">
        <source>fused from %n node(s): </source>
        <translation>
            <numerusform>verschmolzen aus %n Knoten: </numerusform>
            <numerusform>verschmolzen aus %n Knoten: </numerusform>
        </translation>
    </message>
    <message>
        <source>fused into: </source>
        <translation>verschmolzen in: </translation>
    </message>
    <message>
        <source>removed: nothing on the right stands for it</source>
        <translation>entfernt: rechts steht nichts dafür</translation>
    </message>
    <message>
        <source>added by the optimizer</source>
        <translation>vom Optimierer hinzugefügt</translation>
    </message>
    <message>
        <source>only in the right model</source>
        <translation>nur im rechten Modell</translation>
    </message>
    <message>
        <source>no execution provider runs it</source>
        <translation>kein Ausführungsanbieter führt ihn aus</translation>
    </message>
    <message>
        <source>runs on %1</source>
        <translation>läuft auf %1</translation>
    </message>
    <message>
        <source>%1 declined: %2</source>
        <translation>%1 abgelehnt: %2</translation>
    </message>
    <message>
        <source>After step %1: %2 (%3, %4)</source>
        <translation>Nach Schritt %1: %2 (%3, %4)</translation>
    </message>
    <message numerus="yes">
        <source>The two graphs have the same nodes; %n initializer(s) fewer on the right.</source>
        <translation>
            <numerusform>Beide Graphen haben dieselben Knoten; rechts %n Initialisierer weniger.</numerusform>
            <numerusform>Beide Graphen haben dieselben Knoten; rechts %n Initialisierer weniger.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The two graphs have the same nodes; %n initializer(s) more on the right.</source>
        <translation>
            <numerusform>Beide Graphen haben dieselben Knoten; rechts %n Initialisierer mehr.</numerusform>
            <numerusform>Beide Graphen haben dieselben Knoten; rechts %n Initialisierer mehr.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot open %1:
%2</source>
        <translation>%1 kann nicht geöffnet werden:
%2</translation>
    </message>
    <message>
        <source>Comparing the graphs…</source>
        <translation>Die Graphen werden verglichen…</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ExportDialog</name>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Datei:</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Export cancelled.</source>
        <translation>Export abgebrochen.</translation>
    </message>
    <message>
        <source>Same as: %1</source>
        <translation>Entspricht: %1</translation>
    </message>
    <message>
        <source>Choose a file to write.</source>
        <translation>Wählen Sie eine Datei zum Schreiben.</translation>
    </message>
    <message>
        <source>%1 is the opened model; export to another file.</source>
        <translation>%1 ist das geöffnete Modell; exportieren Sie in eine andere Datei.</translation>
    </message>
    <message>
        <source>Replace File?</source>
        <translation>Datei ersetzen?</translation>
    </message>
    <message>
        <source>%1 exists. Replace it?</source>
        <translation>%1 existiert. Ersetzen?</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ExportModelDialog</name>
    <message>
        <source>Export Optimized Model</source>
        <translation>Optimiertes Modell exportieren</translation>
    </message>
    <message>
        <source>Disabled (as loaded)</source>
        <translation>Deaktiviert (wie geladen)</translation>
    </message>
    <message>
        <source>Basic</source>
        <translation>Basis</translation>
    </message>
    <message>
        <source>Extended</source>
        <translation>Erweitert</translation>
    </message>
    <message>
        <source>Layout (all)</source>
        <translation>Layout (alle)</translation>
    </message>
    <message>
        <source>Optimization level:</source>
        <translation>Optimierungsstufe:</translation>
    </message>
    <message>
        <source>ONNX Runtime (com.microsoft fused ops)</source>
        <translation>ONNX Runtime (verschmolzene com.microsoft-Operatoren)</translation>
    </message>
    <message>
        <source>Standard ONNX (any runtime)</source>
        <translation>Standard-ONNX (jede Laufzeit)</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>Format:</translation>
    </message>
    <message>
        <source>Weights in an external data file</source>
        <translation>Gewichte in einer externen Datendatei</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx)</source>
        <translation>ONNX-Modelle (*.onnx)</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ExportReportDialog</name>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>Disabled (as loaded)</source>
        <translation>Deaktiviert (wie geladen)</translation>
    </message>
    <message>
        <source>Basic</source>
        <translation>Basis</translation>
    </message>
    <message>
        <source>Extended</source>
        <translation>Erweitert</translation>
    </message>
    <message>
        <source>Layout (all)</source>
        <translation>Layout (alle)</translation>
    </message>
    <message>
        <source>Optimization level:</source>
        <translation>Optimierungsstufe:</translation>
    </message>
    <message>
        <source>No profile</source>
        <translation>Kein Profil</translation>
    </message>
    <message>
        <source>Runs profiled:</source>
        <translation>Profilierte Läufe:</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx)</source>
        <translation>ONNX-Modelle (*.onnx)</translation>
    </message>
    <message>
        <source>optional: its accuracy per output and layer</source>
        <translation>optional: seine Genauigkeit je Ausgabe und Schicht</translation>
    </message>
    <message>
        <source>Quantized copy:</source>
        <translation>Quantisierte Kopie:</translation>
    </message>
    <message>
        <source>Quantized Model</source>
        <translation>Quantisiertes Modell</translation>
    </message>
    <message>
        <source>optional: the diff of the two graphs</source>
        <translation>optional: der Vergleich der beiden Graphen</translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation>Vergleichen mit:</translation>
    </message>
    <message>
        <source>Other Model</source>
        <translation>Anderes Modell</translation>
    </message>
    <message>
        <source>HTML files (*.html)</source>
        <translation>HTML-Dateien (*.html)</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::FindBar</name>
    <message>
        <source>Find: op, name, tensor, dtype or shape; &quot;exact&quot;; /regex/ — terms are AND-ed</source>
        <translation>Suchen: Operator, Name, Tensor, Datentyp oder Form; &quot;exakt&quot;; /Regex/ — Begriffe werden UND-verknüpft</translation>
    </message>
    <message>
        <source>Previous (Shift+Enter)</source>
        <translation>Vorheriger (Umschalt+Eingabe)</translation>
    </message>
    <message>
        <source>Next (Enter)</source>
        <translation>Nächster (Eingabe)</translation>
    </message>
    <message>
        <source>Close (Escape)</source>
        <translation>Schließen (Escape)</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>kein Treffer</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n Treffer</numerusform>
            <numerusform>%n Treffer</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::FindResultsModel</name>
    <message>
        <source>op type</source>
        <translation>Op-Typ</translation>
    </message>
    <message>
        <source>domain</source>
        <translation>Domäne</translation>
    </message>
    <message>
        <source>input %1</source>
        <translation>Eingang %1</translation>
    </message>
    <message>
        <source>input %1 (%2)</source>
        <translation>Eingang %1 (%2)</translation>
    </message>
    <message>
        <source>type of input %1</source>
        <translation>Typ von Eingang %1</translation>
    </message>
    <message>
        <source>type of input %1 (%2)</source>
        <translation>Typ von Eingang %1 (%2)</translation>
    </message>
    <message>
        <source>output %1</source>
        <translation>Ausgang %1</translation>
    </message>
    <message>
        <source>type of output %1</source>
        <translation>Typ von Ausgang %1</translation>
    </message>
    <message>
        <source>type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>matched by %1</source>
        <translation>gefunden über %1</translation>
    </message>
    <message>
        <source>weight %1</source>
        <translation>Gewicht %1</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::GraphView</name>
    <message>
        <source>%1 — %2 nodes; click to %3</source>
        <translation>%1 — %2 Knoten; zum %3 klicken</translation>
    </message>
    <message>
        <source>close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>open</source>
        <translation>Öffnen</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n Knoten</numerusform>
            <numerusform>%n Knoten</numerusform>
        </translation>
    </message>
    <message>
        <source>there is no graph to export</source>
        <translation>es gibt keinen Graphen zum Exportieren</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>the image would be too large</source>
        <translation>das Bild wäre zu groß</translation>
    </message>
    <message>
        <source>cannot encode the PNG image</source>
        <translation>das PNG-Bild kann nicht kodiert werden</translation>
    </message>
    <message>
        <source>unknown op</source>
        <translation>unbekannt</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::InputSpecEdit</name>
    <message>
        <source>chosen, e.g. batch=1, sequence=128</source>
        <translation>gewählt, z. B. batch=1, sequence=128</translation>
    </message>
    <message>
        <source>Values for the model&apos;s free (symbolic) input dimensions, by name or as INPUT:AXIS, separated by commas: batch=1, sequence=128. Dimensions left out are chosen from their names (batch 1, sequence 128, height and width 224) and tried with one run.</source>
        <translation>Werte für die freien (symbolischen) Eingabedimensionen des Modells, nach Name oder als EINGABE:ACHSE, durch Kommas getrennt: batch=1, sequence=128. Nicht angegebene Dimensionen werden aus ihren Namen gewählt (batch 1, sequence 128, Höhe und Breite 224) und mit einem Lauf erprobt.</translation>
    </message>
    <message>
        <source>Dimensions:</source>
        <translation>Dimensionen:</translation>
    </message>
    <message>
        <source>default, e.g. input_ids=0,999; attention_mask=0,1</source>
        <translation>Standard, z. B. input_ids=0,999; attention_mask=0,1</translation>
    </message>
    <message>
        <source>Random values of an input in [LO, HI], separated by semicolons: input_ids=0,999. By default an integer input that indexes a table (Gather, embedding) takes [0, table size - 1], other integers [0, 1] and floats [-1, 1].</source>
        <translation>Zufallswerte einer Eingabe in [LO, HI], durch Semikolons getrennt: input_ids=0,999. Standardmäßig erhält eine Ganzzahl-Eingabe, die eine Tabelle indiziert (Gather, Embedding), [0, Tabellengröße - 1], andere Ganzzahlen [0, 1] und Gleitkommazahlen [-1, 1].</translation>
    </message>
    <message>
        <source>Value ranges:</source>
        <translation>Wertebereiche:</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::LayerHistogramView</name>
    <message>
        <source>Values: float vs quantized</source>
        <translation>Werte: float vs. quantisiert</translation>
    </message>
    <message>
        <source>Error (quantized − float)</source>
        <translation>Fehler (quantisiert − float)</translation>
    </message>
    <message>
        <source>Select a layer (a bar, a row or a node) to see its histograms.</source>
        <translation>Wählen Sie eine Schicht (einen Balken, eine Zeile oder einen Knoten), um ihre Histogramme zu sehen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · SQNR %2 dB · cosine %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · SQNR %2 dB · Kosinus %3</translation>
    </message>
    <message>
        <source>Data range [%1, %2]</source>
        <translation>Datenbereich [%1, %2]</translation>
    </message>
    <message>
        <source>calibration range [%1, %2]</source>
        <translation>Kalibrierbereich [%1, %2]</translation>
    </message>
    <message>
        <source>(the data leaves the calibrated range: clipped)</source>
        <translation>(die Daten verlassen den kalibrierten Bereich: abgeschnitten)</translation>
    </message>
    <message>
        <source>float</source>
        <translation>float</translation>
    </message>
    <message>
        <source>quantized</source>
        <translation>quantisiert</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::LayerMetricsModel</name>
    <message>
        <source>exact</source>
        <translation>exakt</translation>
    </message>
    <message>
        <source>%1 matched to %2</source>
        <translation>%1 zugeordnet zu %2</translation>
    </message>
    <message>
        <source>Q/DQ</source>
        <translation>Q/DQ</translation>
    </message>
    <message>
        <source>by name</source>
        <translation>nach Name</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>Tensor</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Matched</source>
        <translation>Zuordnung</translation>
    </message>
    <message>
        <source>SQNR dB</source>
        <translation>SQNR dB</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>Kosinus</translation>
    </message>
    <message>
        <source>Max |error|</source>
        <translation>Max. |Fehler|</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::MainWindow</name>
    <message>
        <source>Drop an .onnx file here, or open one with File → Open.</source>
        <translation>Ziehen Sie eine .onnx-Datei hierher oder öffnen Sie eine mit Datei → Öffnen.</translation>
    </message>
    <message>
        <source>Open Model…</source>
        <translation>Modell öffnen…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Loading %1 cancelled</source>
        <translation>Laden von %1 abgebrochen</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>&amp;Neu laden</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;About onnxlens</source>
        <translation>Ü&amp;ber onnxlens</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>Keine zuletzt geöffneten Dateien</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>Liste leeren</translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation>Modell öffnen</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx);;All files (*)</source>
        <translation>ONNX-Modelle (*.onnx);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>Lade %1…</translation>
    </message>
    <message>
        <source>%1 — onnxlens</source>
        <translation>%1 — onnxlens</translation>
    </message>
    <message>
        <source>Cannot open model</source>
        <translation>Modell kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>About onnxlens</source>
        <translation>Über onnxlens</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>Cannot lay out the graph</source>
        <translation>Der Graph kann nicht angeordnet werden</translation>
    </message>
    <message>
        <source>Zoom %1%</source>
        <translation>Zoom %1 %</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Show &amp;Attributes</source>
        <translation>&amp;Attribute anzeigen</translation>
    </message>
    <message>
        <source>Show &amp;Weights</source>
        <translation>&amp;Gewichte anzeigen</translation>
    </message>
    <message>
        <source>Show &amp;Names</source>
        <translation>&amp;Namen anzeigen</translation>
    </message>
    <message>
        <source>&amp;Horizontal Layout</source>
        <translation>&amp;Horizontale Anordnung</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Fit to Window</source>
        <translation>An &amp;Fenster anpassen</translation>
    </message>
    <message>
        <source>Actual &amp;Size</source>
        <translation>&amp;Originalgröße</translation>
    </message>
    <message>
        <source>&amp;Expand All Groups</source>
        <translation>Alle Gruppen auf&amp;klappen</translation>
    </message>
    <message>
        <source>&amp;Collapse All Groups</source>
        <translation>Alle Gruppen &amp;zuklappen</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>&amp;Suchen…</translation>
    </message>
    <message>
        <source>&amp;Export Graph…</source>
        <translation>Graph &amp;exportieren…</translation>
    </message>
    <message>
        <source>Export Graph</source>
        <translation>Graph exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg)</translation>
    </message>
    <message>
        <source>Cannot export the graph</source>
        <translation>Der Graph kann nicht exportiert werden</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 exportiert</translation>
    </message>
    <message>
        <source>Fold &amp;Constants into Their Consumers</source>
        <translation>&amp;Konstanten in ihre Verbraucher falten</translation>
    </message>
    <message>
        <source>&amp;Minimap</source>
        <translation>Über&amp;sichtskarte</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n Knoten</numerusform>
            <numerusform>%n Knoten</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 in the model</source>
        <translation>%1 im Modell</translation>
    </message>
    <message>
        <source>Wheel, pinch</source>
        <translation>Mausrad, Zwei-Finger-Zoom</translation>
    </message>
    <message>
        <source>Zoom at the pointer</source>
        <translation>Am Zeiger zoomen</translation>
    </message>
    <message>
        <source>Drag</source>
        <translation>Ziehen</translation>
    </message>
    <message>
        <source>Pan</source>
        <translation>Verschieben</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>Klicken</translation>
    </message>
    <message>
        <source>Select a node; open or close a group</source>
        <translation>Knoten auswählen; Gruppe öffnen oder schließen</translation>
    </message>
    <message>
        <source>Double-click</source>
        <translation>Doppelklick</translation>
    </message>
    <message>
        <source>Open the body of an If, Loop or Scan node</source>
        <translation>Rumpf eines If-, Loop- oder Scan-Knotens öffnen</translation>
    </message>
    <message>
        <source>Up / Down</source>
        <translation>Auf / Ab</translation>
    </message>
    <message>
        <source>Go to the selected node&apos;s producer / consumer</source>
        <translation>Zum Erzeuger / Verbraucher des ausgewählten Knotens</translation>
    </message>
    <message>
        <source>Escape</source>
        <translation>Escape</translation>
    </message>
    <message>
        <source>Clear the selection; close the find bar</source>
        <translation>Auswahl aufheben; Suchleiste schließen</translation>
    </message>
    <message>
        <source>Backspace</source>
        <translation>Rücktaste</translation>
    </message>
    <message>
        <source>From a subgraph body up to its parent graph</source>
        <translation>Vom Teilgraphen zum übergeordneten Graphen</translation>
    </message>
    <message>
        <source>Enter / Shift+Enter</source>
        <translation>Eingabe / Umschalt+Eingabe</translation>
    </message>
    <message>
        <source>Next / previous find result</source>
        <translation>Nächster / vorheriger Treffer</translation>
    </message>
    <message>
        <source>Optimize</source>
        <translation>Optimieren</translation>
    </message>
    <message>
        <source>Export &amp;Optimized Model…</source>
        <translation>&amp;Optimiertes Modell exportieren…</translation>
    </message>
    <message>
        <source>Model Exported</source>
        <translation>Modell exportiert</translation>
    </message>
    <message>
        <source>Wrote %1. Open it?</source>
        <translation>%1 geschrieben. Öffnen?</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Profilieren</translation>
    </message>
    <message>
        <source>&amp;Heat from Profile</source>
        <translation>&amp;Wärmebild aus dem Profil</translation>
    </message>
    <message>
        <source>Colour the graph by each node&apos;s share of the profiled run time</source>
        <translation>Den Graphen nach dem Anteil jedes Knotens an der profilierten Laufzeit färben</translation>
    </message>
    <message>
        <source>No profile</source>
        <translation>Kein Profil</translation>
    </message>
    <message>
        <source>Profile the model first (Profile tab → Profile…).</source>
        <translation>Profilieren Sie zuerst das Modell (Reiter Profil → Profilieren…).</translation>
    </message>
    <message>
        <source>Heat: share of the kernel time, 0% %1 %2% (hottest node; a closed group shows its hottest node) · %3 of %4 nodes profiled</source>
        <translation>Wärmebild: Anteil an der Kernelzeit, 0% %1 %2% (heißester Knoten; eine geschlossene Gruppe zeigt ihren heißesten Knoten) · %3 von %4 Knoten profiliert</translation>
    </message>
    <message numerus="yes">
        <source>%1 was made from %n node(s) of this graph, shown selected</source>
        <translation>
            <numerusform>%1 entstand aus %n Knoten dieses Graphen, ausgewählt dargestellt</numerusform>
            <numerusform>%1 entstand aus %n Knoten dieses Graphen, ausgewählt dargestellt</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not open %1: %2</source>
        <comment>file name, error category</comment>
        <translation>%1 konnte nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Cannot colour the graph by execution provider</source>
        <translation>Der Graph kann nicht nach Ausführungsanbieter gefärbt werden</translation>
    </message>
    <message>
        <source>Colour by &amp;Provider</source>
        <translation>Nach An&amp;bieter färben</translation>
    </message>
    <message>
        <source>Colour each node&apos;s border by the execution provider that runs it, on the Graph tab and both panes of the Optimize tab</source>
        <translation>Den Rahmen jedes Knotens nach dem Ausführungsanbieter färben, der ihn ausführt – im Reiter Graph und in beiden Hälften des Reiters Optimieren</translation>
    </message>
    <message>
        <source>Everywhere</source>
        <translation>Überall</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>This list of keys (not while typing in a text field)</source>
        <translation>Diese Tastenliste (nicht beim Tippen in einem Textfeld)</translation>
    </message>
    <message>
        <source>Menus</source>
        <translation>Menüs</translation>
    </message>
    <message>
        <source>Profile timeline</source>
        <translation>Profil-Zeitleiste</translation>
    </message>
    <message>
        <source>No %1 node in this graph (it may be in a subgraph body)</source>
        <translation>Kein %1-Knoten in diesem Graphen (vielleicht im Körper eines Untergraphen)</translation>
    </message>
    <message numerus="yes">
        <source>%n %1 node(s) selected</source>
        <translation>
            <numerusform>%n %1-Knoten ausgewählt</numerusform>
            <numerusform>%n %1-Knoten ausgewählt</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;h3&gt;onnxlens %1&lt;/h3&gt;&lt;p&gt;A workbench for ONNX models on its own runtime: inspect the graph, see what each optimization level and pass does to it, profile it, and export the optimized model. onnxlens-cli also runs, benchmarks and checks models against the ONNX backend tests.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;onnxlens %1&lt;/h3&gt;&lt;p&gt;Eine Werkbank für ONNX-Modelle mit eigener Laufzeitumgebung: den Graphen untersuchen, sehen, was jede Optimierungsstufe und jeder Durchlauf mit ihm macht, ihn profilieren und das optimierte Modell exportieren. onnxlens-cli führt Modelle außerdem aus, misst ihre Leistung und prüft sie gegen die ONNX-Backend-Tests.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Optimizer &amp;Passes</source>
        <translation>Optimierungs&amp;durchläufe</translation>
    </message>
    <message>
        <source>&amp;Zoom to Selection</source>
        <translation>Auf Auswahl &amp;zoomen</translation>
    </message>
    <message>
        <source>Centre the selected node at a readable zoom (F in the graph)</source>
        <translation>Den gewählten Knoten in lesbarer Größe zentrieren (F im Graphen)</translation>
    </message>
    <message>
        <source>Zoom to the selected node (readable size)</source>
        <translation>Auf den gewählten Knoten zoomen (lesbare Größe)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Design</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message numerus="yes">
        <source>Opened %1 with %n warning(s): see the Summary tab</source>
        <translation>
            <numerusform>%1 geöffnet, %n Warnung: siehe Reiter Übersicht</numerusform>
            <numerusform>%1 geöffnet, %n Warnungen: siehe Reiter Übersicht</numerusform>
        </translation>
    </message>
    <message>
        <source>Quantize</source>
        <translation>Quantisieren</translation>
    </message>
    <message>
        <source>Export &amp;Quantized Model…</source>
        <translation>&amp;Quantisiertes Modell exportieren…</translation>
    </message>
    <message>
        <source>Colour by &amp;Quantization Error (SQNR)</source>
        <translation>Nach &amp;Quantisierungsfehler (SQNR) färben</translation>
    </message>
    <message>
        <source>Colour each node by the SQNR of its output, float vs quantized (Quantize tab)</source>
        <translation>Jeden Knoten nach dem SQNR seiner Ausgabe färben, float vs. quantisiert (Reiter Quantisieren)</translation>
    </message>
    <message>
        <source>Exclude from Quantization</source>
        <translation>Von der Quantisierung ausnehmen</translation>
    </message>
    <message>
        <source>The node has no name to exclude it by</source>
        <translation>Der Knoten hat keinen Namen, über den er ausgenommen werden kann</translation>
    </message>
    <message>
        <source>%1 will stay in float (Quantize tab → Excluded nodes)</source>
        <translation>%1 bleibt in float (Reiter Quantisieren → Ausgenommene Knoten)</translation>
    </message>
    <message>
        <source>Export Quantized Model</source>
        <translation>Quantisiertes Modell exportieren</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx)</source>
        <translation>ONNX-Modelle (*.onnx)</translation>
    </message>
    <message>
        <source>Cannot export the quantized model</source>
        <translation>Das quantisierte Modell kann nicht exportiert werden</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>%1 (%2) — onnxlens</source>
        <translation>%1 (%2) — onnxlens</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>&amp;Bericht exportieren…</translation>
    </message>
    <message>
        <source>Wrote the report %1</source>
        <translation>Bericht %1 geschrieben</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::MemoryChart</name>
    <message>
        <source>arena offset</source>
        <translation>Arena-Offset</translation>
    </message>
    <message>
        <source>execution step</source>
        <translation>Ausführungsschritt</translation>
    </message>
    <message>
        <source>live peak: %1 at step %2</source>
        <translation>Spitze belegt: %1 bei Schritt %2</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::MemoryView</name>
    <message>
        <source>Plan Again</source>
        <translation>Neu planen</translation>
    </message>
    <message>
        <source>Run the model once more on random inputs and plan its memory</source>
        <translation>Das Modell noch einmal mit Zufallseingaben ausführen und seinen Speicher planen</translation>
    </message>
    <message>
        <source>Alive at the peak</source>
        <translation>Lebendig bei der Spitze</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>Tensor</translation>
    </message>
    <message>
        <source>Producer</source>
        <translation>Erzeuger</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Open a model to see its memory plan.</source>
        <translation>Öffnen Sie ein Modell, um seinen Speicherplan zu sehen.</translation>
    </message>
    <message>
        <source>No memory plan: %1</source>
        <translation>Kein Speicherplan: %1</translation>
    </message>
    <message>
        <source>Memory plan failed</source>
        <translation>Speicherplanung fehlgeschlagen</translation>
    </message>
    <message>
        <source>The memory plan is made when this tab is shown.</source>
        <translation>Der Speicherplan wird erstellt, wenn dieser Reiter angezeigt wird.</translation>
    </message>
    <message>
        <source>Planning: one run on random inputs…</source>
        <translation>Planung: ein Lauf mit Zufallseingaben …</translation>
    </message>
    <message>
        <source>(scratch)</source>
        <translation>(Zwischenpuffer)</translation>
    </message>
    <message>
        <source>%1 — made by %2 (%3) · %4 at offset %5 · alive in steps %6–%7</source>
        <translation>%1 — erzeugt von %2 (%3) · %4 bei Offset %5 · lebendig in den Schritten %6–%7</translation>
    </message>
    <message>
        <source> · written in place over its input</source>
        <translation> · an Ort und Stelle über seine Eingabe geschrieben</translation>
    </message>
    <message numerus="yes">
        <source>Arena %1 (naive sum %2: %3% saved) · live peak %4 at step %5 (%6) · weights %7 · outputs %8 · %n buffer(s), %9 written in place</source>
        <translation>
            <numerusform>Arena %1 (naive Summe %2: %3% gespart) · Spitze belegt %4 bei Schritt %5 (%6) · Gewichte %7 · Ausgaben %8 · %n Puffer, %9 an Ort und Stelle geschrieben</numerusform>
            <numerusform>Arena %1 (naive Summe %2: %3% gespart) · Spitze belegt %4 bei Schritt %5 (%6) · Gewichte %7 · Ausgaben %8 · %n Puffer, %9 an Ort und Stelle geschrieben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>For inputs %1 (random), level %2, %n thread(s)</source>
        <translation>
            <numerusform>Für die Eingaben %1 (zufällig), Stufe %2, %n Thread</numerusform>
            <numerusform>Für die Eingaben %1 (zufällig), Stufe %2, %n Threads</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::Minimap</name>
    <message>
        <source>Overview: click or drag to move the view</source>
        <translation>Übersicht: klicken oder ziehen, um die Ansicht zu verschieben</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ModelSummaryPanel</name>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>Ausgaben</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Warnungen</translation>
    </message>
    <message>
        <source>Operators</source>
        <translation>Operatoren</translation>
    </message>
    <message>
        <source>Filter operators</source>
        <translation>Operatoren filtern</translation>
    </message>
    <message>
        <source>%1 — %2, loaded in %3 s</source>
        <translation>%1 — %2, geladen in %3 s</translation>
    </message>
    <message>
        <source>Producer</source>
        <translation>Erzeuger</translation>
    </message>
    <message>
        <source>IR version</source>
        <translation>IR-Version</translation>
    </message>
    <message>
        <source>Opsets</source>
        <translation>Opsets</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Initializers</source>
        <translation>Initialisierer</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Functions</source>
        <translation>Funktionen</translation>
    </message>
    <message>
        <source>ONNX checker</source>
        <translation>ONNX-Prüfung</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>failed (see warnings)</source>
        <translation>fehlgeschlagen (siehe Warnungen)</translation>
    </message>
    <message>
        <source>Shape inference</source>
        <translation>Forminferenz</translation>
    </message>
    <message>
        <source>incomplete (see warnings)</source>
        <translation>unvollständig (siehe Warnungen)</translation>
    </message>
    <message>
        <source>%1 in the main graph, %2 in all (subgraphs: %3)</source>
        <translation>%1 im Hauptgraphen, %2 insgesamt (Teilgraphen: %3)</translation>
    </message>
    <message>
        <source>Documentation</source>
        <translation>Dokumentation</translation>
    </message>
    <message>
        <source>Double-click an operator to select its nodes in the graph.</source>
        <translation>Doppelklick auf einen Operator wählt seine Knoten im Graphen aus.</translation>
    </message>
    <message>
        <source>per batch item</source>
        <translation>pro Batch-Element</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) not counted</source>
        <translation>
            <numerusform>%n Knoten nicht gezählt</numerusform>
            <numerusform>%n Knoten nicht gezählt</numerusform>
        </translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Rechenaufwand</translation>
    </message>
    <message>
        <source>Activation memory</source>
        <translation>Aktivierungsspeicher</translation>
    </message>
    <message>
        <source>peak %1, %2 in all</source>
        <translation>Spitze %1, %2 insgesamt</translation>
    </message>
    <message>
        <source>Estimated from the main graph&apos;s static shapes: multiply-accumulates of Conv, Gemm, MatMul and recurrent ops; FLOPs are 2 per MAC plus the element-wise arithmetic. Symbolic dimensions (batch) count as 1.</source>
        <translation>Geschätzt aus den statischen Formen des Hauptgraphen: Multiply-Accumulates von Conv, Gemm, MatMul und rekurrenten Ops; FLOPs sind 2 pro MAC plus die elementweise Arithmetik. Symbolische Dimensionen (Batch) zählen als 1.</translation>
    </message>
    <message>
        <source>Estimated: the most intermediate tensors alive at once when the nodes run in order and each tensor is freed after its last reader; &apos;in all&apos; adds every one up. Weights are not included.</source>
        <translation>Geschätzt: die meisten Zwischentensoren, die gleichzeitig leben, wenn die Knoten der Reihe nach laufen und jeder Tensor nach seinem letzten Leser freigegeben wird; „insgesamt“ zählt alle zusammen. Gewichte sind nicht enthalten.</translation>
    </message>
    <message>
        <source>%1 MACs · %2 FLOPs</source>
        <translation>%1 MACs · %2 FLOPs</translation>
    </message>
    <message>
        <source>with %1</source>
        <translation>mit %1</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::NodeSidebar</name>
    <message>
        <source>initializer</source>
        <translation>Initialisierer</translation>
    </message>
    <message>
        <source>Graph input</source>
        <translation>Graph-Eingabe</translation>
    </message>
    <message>
        <source>Graph output</source>
        <translation>Graph-Ausgabe</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Produced by</source>
        <translation>Erzeugt von</translation>
    </message>
    <message>
        <source>Consumers</source>
        <translation>Verbraucher</translation>
    </message>
    <message>
        <source>opset %1</source>
        <translation>Opset %1</translation>
    </message>
    <message>
        <source>since version %1</source>
        <translation>seit Version %1</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Not in ONNX&apos;s operator registry (custom or contrib op).</source>
        <translation>Nicht im Operator-Register von ONNX (eigener oder Contrib-Operator).</translation>
    </message>
    <message>
        <source>Attributes</source>
        <translation>Attribute</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>Ausgaben</translation>
    </message>
    <message>
        <source>Replaces nodes</source>
        <translation>Ersetzt Knoten</translation>
    </message>
    <message>
        <source>Documentation</source>
        <translation>Dokumentation</translation>
    </message>
    <message>
        <source>required</source>
        <translation>erforderlich</translation>
    </message>
    <message>
        <source>Type constraints</source>
        <translation>Typbeschränkungen</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Producer</source>
        <translation>Erzeuger</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Domäne</translation>
    </message>
    <message>
        <source>Imports</source>
        <translation>Importe</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Subgraph</source>
        <translation>Teilgraph</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>Initializers</source>
        <translation>Initialisierer</translation>
    </message>
    <message>
        <source>Open a model to see its properties.</source>
        <translation>Öffnen Sie ein Modell, um seine Eigenschaften zu sehen.</translation>
    </message>
    <message>
        <source>Select all %1 nodes (%2)</source>
        <translation>Alle %1-Knoten auswählen (%2)</translation>
    </message>
    <message>
        <source>Unknown op</source>
        <translation>Unbekannter Operator</translation>
    </message>
    <message>
        <source>neither ONNX&apos;s operator registry nor the onnxlens runtime knows %1 in domain %2; the model can be inspected but not run.</source>
        <translation>weder die Operator-Registry von ONNX noch die onnxlens-Laufzeit kennt %1 in der Domäne %2; das Modell kann untersucht, aber nicht ausgeführt werden.</translation>
    </message>
    <message>
        <source>Subgraphs</source>
        <translation>Teilgraphen</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n Knoten</numerusform>
            <numerusform>%n Knoten</numerusform>
        </translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>Tensor</translation>
    </message>
    <message>
        <source>graph input</source>
        <translation>Grapheingabe</translation>
    </message>
    <message>
        <source>graph output</source>
        <translation>Graphausgabe</translation>
    </message>
    <message>
        <source>Values and statistics</source>
        <translation>Werte und Statistik</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <source>Show in the timeline</source>
        <translation>In der Zeitleiste zeigen</translation>
    </message>
    <message>
        <source>… and %1 more, not listed</source>
        <translation>… und %1 weitere, nicht aufgeführt</translation>
    </message>
    <message>
        <source>declined (%1): %2</source>
        <translation>abgelehnt (%1): %2</translation>
    </message>
    <message>
        <source>No execution provider runs this node.</source>
        <translation>Kein Ausführungsanbieter führt diesen Knoten aus.</translation>
    </message>
    <message>
        <source>Runs on &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Läuft auf &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>(the first preferred provider)</source>
        <translation>(der bevorzugte Anbieter)</translation>
    </message>
    <message>
        <source>Not on the preferred provider:</source>
        <translation>Nicht auf dem bevorzugten Anbieter:</translation>
    </message>
    <message>
        <source>Execution Provider</source>
        <translation>Ausführungsanbieter</translation>
    </message>
    <message>
        <source>An ONNX Runtime contrib op (com.microsoft), documented after ONNX Runtime&apos;s ContribOperators.md.</source>
        <translation>Ein Contrib-Op von ONNX Runtime (com.microsoft), beschrieben nach ONNX Runtimes ContribOperators.md.</translation>
    </message>
    <message>
        <source>Identity of %1</source>
        <translation>Identity von %1</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>optional</translation>
    </message>
    <message>
        <source>variadic</source>
        <translation>variadisch</translation>
    </message>
    <message>
        <source>ONNX Runtime&apos;s at this opset (ONNX: from version %1)</source>
        <translation>bei diesem Opset von ONNX Runtime (ONNX: ab Version %1)</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) selected</source>
        <translation>
            <numerusform>%n Knoten ausgewählt</numerusform>
            <numerusform>%n Knoten ausgewählt</numerusform>
        </translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>(ohne Namen)</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>und %n weiterer</numerusform>
            <numerusform>und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>When %1&apos;s kernel declines a case at run time (an input shape or type it does not handle), %2 runs it.</source>
        <translation>Lehnt der Kernel von %1 einen Fall zur Laufzeit ab (eine Eingabeform oder ein Typ, den er nicht behandelt), führt %2 ihn aus.</translation>
    </message>
    <message>
        <source>values not kept at this step</source>
        <translation>Werte in diesem Schritt nicht behalten</translation>
    </message>
    <message>
        <source>The values of this tensor are not kept at this step: the optimization trace keeps at most %1 of the tensors its passes make.</source>
        <translation>Die Werte dieses Tensors werden in diesem Schritt nicht behalten: Der Optimierungsverlauf behält höchstens %1 der Tensoren, die seine Durchläufe erzeugen.</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::OpCountModel</name>
    <message>
        <source>All nodes</source>
        <translation>Alle Knoten</translation>
    </message>
    <message>
        <source>Initializers</source>
        <translation>Initialisierer</translation>
    </message>
    <message>
        <source>Initializer bytes</source>
        <translation>Initialisierer-Bytes</translation>
    </message>
    <message>
        <source>%1 fewer</source>
        <translation>%1 weniger</translation>
    </message>
    <message>
        <source>%1 more</source>
        <translation>%1 mehr</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::OpHistogramModel</name>
    <message>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) of this type not counted: the op is not one the estimate knows, or a shape it needs is not static</source>
        <translation>
            <numerusform>%n Knoten dieses Typs nicht gezählt: die Schätzung kennt den Op nicht, oder eine benötigte Form ist nicht statisch</numerusform>
            <numerusform>%n Knoten dieses Typs nicht gezählt: die Schätzung kennt den Op nicht, oder eine benötigte Form ist nicht statisch</numerusform>
        </translation>
    </message>
    <message>
        <source>Double-click to select every %1 node in the graph</source>
        <translation>Doppelklick wählt jeden %1-Knoten im Graphen aus</translation>
    </message>
    <message>
        <source>Multiply-accumulates of the op type&apos;s nodes in the main graph, estimated from the static shapes (symbolic dimensions as 1)</source>
        <translation>Multiply-Accumulates der Knoten dieses Op-Typs im Hauptgraphen, geschätzt aus den statischen Formen (symbolische Dimensionen als 1)</translation>
    </message>
    <message>
        <source>Floating-point operations: 2 per multiply-accumulate plus the element-wise arithmetic, estimated from the static shapes</source>
        <translation>Gleitkommaoperationen: 2 pro Multiply-Accumulate plus die elementweise Arithmetik, geschätzt aus den statischen Formen</translation>
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
        <translation>Format:</translation>
    </message>
    <message>
        <source>ONNX Runtime&apos;s fused com.microsoft ops, or only standard ONNX ops (runs on any runtime)</source>
        <translation>Die verschmolzenen com.microsoft-Operatoren von ONNX Runtime oder nur Standard-ONNX-Operatoren (läuft auf jeder Laufzeit)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Export Optimized Model…</source>
        <translation>Optimiertes Modell exportieren…</translation>
    </message>
    <message>
        <source>Passes</source>
        <translation>Durchläufe</translation>
    </message>
    <message>
        <source>Op Counts</source>
        <translation>Operatoranzahl</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>Cannot open model</source>
        <translation>Modell kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Cannot optimize the model</source>
        <translation>Das Modell kann nicht optimiert werden</translation>
    </message>
    <message>
        <source>Optimize</source>
        <translation>Optimieren</translation>
    </message>
    <message>
        <source>Run the optimizer again and record every step</source>
        <translation>Den Optimierer erneut ausführen und jeden Schritt aufzeichnen</translation>
    </message>
    <message>
        <source>ONNX Runtime (com.microsoft fused ops)</source>
        <translation>ONNX Runtime (verschmolzene com.microsoft-Operatoren)</translation>
    </message>
    <message>
        <source>Standard ONNX (any runtime)</source>
        <translation>Standard-ONNX (jede Laufzeit)</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::OutputMetricsModel</name>
    <message>
        <source>Not compared: %1</source>
        <translation>Nicht verglichen: %1</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>Max |error|</source>
        <translation>Max. |Fehler|</translation>
    </message>
    <message>
        <source>Mean |error|</source>
        <translation>Mittl. |Fehler|</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>Kosinus</translation>
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
        <translation>Optimierungsdurchläufe</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>Durchlauf</translation>
    </message>
    <message>
        <source>What it does</source>
        <translation>Was er tut</translation>
    </message>
    <message>
        <source>(ONNX Runtime&apos;s com.microsoft ops)</source>
        <translation>(com.microsoft-Ops von ONNX Runtime)</translation>
    </message>
    <message>
        <source>&lt;p&gt;The Optimize tab&apos;s &lt;b&gt;Passes&lt;/b&gt; list has one row per step that changed the graph. &lt;b&gt;Change&lt;/b&gt; counts the nodes that step removed (&lt;b&gt;−&lt;/b&gt;), added (&lt;b&gt;+&lt;/b&gt;) and modified (&lt;b&gt;∼&lt;/b&gt;, same node with other attributes, inputs or weights); &lt;b&gt;Nodes&lt;/b&gt; is the count after the step; &lt;b&gt;ms&lt;/b&gt; the time the pass took.&lt;/p&gt;&lt;p&gt;A click on a step shows that pass&apos;s own change: the graph before it on the left, after it on the right. Tick &lt;i&gt;Against the original&lt;/i&gt; to compare everything up to that step with the original model. Alt+Left / Alt+Right step through the list; &lt;i&gt;Disable &amp;amp; Re-run&lt;/i&gt; optimizes again without the pass.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Die Liste &lt;b&gt;Durchläufe&lt;/b&gt; im Tab Optimieren hat eine Zeile je Schritt, der den Graphen geändert hat. &lt;b&gt;Änderung&lt;/b&gt; zählt die Knoten, die der Schritt entfernt (&lt;b&gt;−&lt;/b&gt;), hinzugefügt (&lt;b&gt;+&lt;/b&gt;) und geändert hat (&lt;b&gt;∼&lt;/b&gt;: derselbe Knoten mit anderen Attributen, Eingängen oder Gewichten); &lt;b&gt;Knoten&lt;/b&gt; ist die Anzahl nach dem Schritt, &lt;b&gt;ms&lt;/b&gt; die Zeit des Durchlaufs.&lt;/p&gt;&lt;p&gt;Ein Klick auf einen Schritt zeigt die Änderung dieses Durchlaufs allein: links der Graph davor, rechts danach. Mit &lt;i&gt;Gegen das Original&lt;/i&gt; wird alles bis zu diesem Schritt mit dem Originalmodell verglichen. Alt+Links / Alt+Rechts gehen durch die Liste; &lt;i&gt;Deaktivieren &amp;amp; neu ausführen&lt;/i&gt; optimiert erneut ohne den Durchlauf.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::PassStepper</name>
    <message>
        <source>Previous step (Alt+Left)</source>
        <translation>Vorheriger Schritt (Alt+Links)</translation>
    </message>
    <message>
        <source>Next step (Alt+Right)</source>
        <translation>Nächster Schritt (Alt+Rechts)</translation>
    </message>
    <message>
        <source>Disable &amp;&amp; Re-run</source>
        <translation>Deaktivieren &amp;&amp; neu ausführen</translation>
    </message>
    <message>
        <source>Optimize again without the selected step&apos;s pass</source>
        <translation>Erneut optimieren, ohne den Durchlauf des gewählten Schritts</translation>
    </message>
    <message>
        <source>Enable All</source>
        <translation>Alle aktivieren</translation>
    </message>
    <message>
        <source>Next Step</source>
        <translation>Nächster Schritt</translation>
    </message>
    <message>
        <source>Previous Step</source>
        <translation>Vorheriger Schritt</translation>
    </message>
    <message>
        <source>Every pass enabled.</source>
        <translation>Alle Durchläufe aktiviert.</translation>
    </message>
    <message>
        <source>Disabled: %1</source>
        <translation>Deaktiviert: %1</translation>
    </message>
    <message>
        <source>Alt+Left / Alt+Right</source>
        <translation>Alt+Links / Alt+Rechts</translation>
    </message>
    <message>
        <source>Previous / next pass step (anywhere in the window)</source>
        <translation>Vorheriger / nächster Durchlaufschritt (überall im Fenster)</translation>
    </message>
    <message>
        <source>Up / Down</source>
        <translation>Auf / Ab</translation>
    </message>
    <message>
        <source>Previous / next pass step, in the pass list</source>
        <translation>Vorheriger / nächster Durchlaufschritt, in der Durchlaufliste</translation>
    </message>
    <message>
        <source>Click a pass</source>
        <translation>Klick auf einen Durchlauf</translation>
    </message>
    <message>
        <source>That pass alone: the graph before and after it</source>
        <translation>Nur dieser Durchlauf: der Graph davor und danach</translation>
    </message>
    <message>
        <source>A click shows what that pass alone changed: the graph before it on the left, after it on the right. Arrows or Alt+Left / Alt+Right step through the passes.</source>
        <translation>Ein Klick zeigt, was dieser Durchlauf allein geändert hat: links der Graph davor, rechts danach. Pfeiltasten oder Alt+Links / Alt+Rechts gehen durch die Durchläufe.</translation>
    </message>
    <message>
        <source>Against the original</source>
        <translation>Gegen das Original</translation>
    </message>
    <message>
        <source>Off: a step shows that pass&apos;s own change (the graph before it on the left). On: the original model on the left, everything up to the step on the right.</source>
        <translation>Aus: ein Schritt zeigt die Änderung seines Durchlaufs allein (links der Graph davor). An: links das Originalmodell, rechts alles bis zu diesem Schritt.</translation>
    </message>
    <message>
        <source>Select a pass to see what it alone changed.</source>
        <translation>Einen Durchlauf wählen, um zu sehen, was er allein geändert hat.</translation>
    </message>
    <message>
        <source>Step %1 · level %2, round %3 · nodes: %4</source>
        <translation>Schritt %1 · Stufe %2, Runde %3 · Knoten: %4</translation>
    </message>
    <message>
        <source>Left: the original model. Right: after step %1.</source>
        <translation>Links: das Originalmodell. Rechts: nach Schritt %1.</translation>
    </message>
    <message>
        <source>Left: before step %1. Right: after it (this pass alone).</source>
        <translation>Links: vor Schritt %1. Rechts: danach (nur dieser Durchlauf).</translation>
    </message>
    <message>
        <source>&apos;Against the original&apos;</source>
        <translation>„Gegen das Original“</translation>
    </message>
    <message>
        <source>The original beside the graph after the selected step</source>
        <translation>Das Original neben dem Graphen nach dem gewählten Schritt</translation>
    </message>
    <message>
        <source>Change: &lt;b&gt;−&lt;/b&gt; nodes removed, &lt;b&gt;+&lt;/b&gt; added, &lt;b&gt;⊕&lt;/b&gt; fused from several, &lt;b&gt;∼&lt;/b&gt; modified by the pass (as the panes colour it).</source>
        <translation>Änderung: &lt;b&gt;−&lt;/b&gt; Knoten entfernt, &lt;b&gt;+&lt;/b&gt; hinzugefügt, &lt;b&gt;⊕&lt;/b&gt; aus mehreren verschmolzen, &lt;b&gt;∼&lt;/b&gt; vom Durchlauf geändert (wie die Ansichten sie einfärben).</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemstandard</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Sprache:</translation>
    </message>
    <message>
        <source>A new language takes effect the next time onnxlens starts.</source>
        <translation>Eine neue Sprache wird beim nächsten Start von onnxlens wirksam.</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation>Design:</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ProfileCharts</name>
    <message>
        <source>Top op types (ms per run)</source>
        <translation>Häufigste Operatortypen (ms pro Lauf)</translation>
    </message>
    <message>
        <source>Run latency (ms)</source>
        <translation>Laufzeit pro Lauf (ms)</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>ms per run</source>
        <translation>ms pro Lauf</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ProfileDialog</name>
    <message>
        <source>Profile</source>
        <translation>Profilieren</translation>
    </message>
    <message>
        <source>Disabled</source>
        <translation>Deaktiviert</translation>
    </message>
    <message>
        <source>Basic</source>
        <translation>Basis</translation>
    </message>
    <message>
        <source>Extended</source>
        <translation>Erweitert</translation>
    </message>
    <message>
        <source>Layout (all)</source>
        <translation>Layout (alle)</translation>
    </message>
    <message>
        <source>Optimization level:</source>
        <translation>Optimierungsstufe:</translation>
    </message>
    <message>
        <source>all cores</source>
        <translation>alle Kerne</translation>
    </message>
    <message>
        <source>Threads:</source>
        <translation>Threads:</translation>
    </message>
    <message>
        <source>Warm-up runs:</source>
        <translation>Aufwärmläufe:</translation>
    </message>
    <message>
        <source>Runs:</source>
        <translation>Läufe:</translation>
    </message>
    <message>
        <source>Duration (s):</source>
        <translation>Dauer (s):</translation>
    </message>
    <message>
        <source>Random inputs, seed:</source>
        <translation>Zufällige Eingaben, Startwert:</translation>
    </message>
    <message>
        <source>Inputs from a folder:</source>
        <translation>Eingaben aus einem Ordner:</translation>
    </message>
    <message>
        <source>.pb or .npy files</source>
        <translation>.pb- oder .npy-Dateien</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Input Folder</source>
        <translation>Eingabeordner</translation>
    </message>
    <message>
        <source>Choose the folder of input files, or use random inputs.</source>
        <translation>Wählen Sie den Ordner mit den Eingabedateien oder verwenden Sie zufällige Eingaben.</translation>
    </message>
    <message>
        <source>%1 is not a folder.</source>
        <translation>%1 ist kein Ordner.</translation>
    </message>
    <message>
        <source>Execution providers:</source>
        <translation>Ausführungsanbieter:</translation>
    </message>
    <message>
        <source>Sequential</source>
        <translation>Sequenziell</translation>
    </message>
    <message>
        <source>Parallel (independent nodes at once)</source>
        <translation>Parallel (unabhängige Knoten gleichzeitig)</translation>
    </message>
    <message>
        <source>Parallel runs independent branches of the graph on several threads; the threads above are shared between them (one per branch on two cores).</source>
        <translation>Parallel führt unabhängige Zweige des Graphen auf mehreren Threads aus; die Threads oben werden zwischen ihnen aufgeteilt (einer je Zweig bei zwei Kernen).</translation>
    </message>
    <message>
        <source>Executor:</source>
        <translation>Ausführung:</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ProfileView</name>
    <message>
        <source>Profile…</source>
        <translation>Profilieren…</translation>
    </message>
    <message>
        <source>Open Trace…</source>
        <translation>Trace öffnen…</translation>
    </message>
    <message>
        <source>The profiles of this session; choose one to show it</source>
        <translation>Die Profile dieser Sitzung; wählen Sie eines zur Anzeige</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Slice</source>
        <translation>Abschnitt</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>Bereich</translation>
    </message>
    <message>
        <source>Op Types</source>
        <translation>Operatortypen</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>Provider</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>Open Trace</source>
        <translation>Trace öffnen</translation>
    </message>
    <message>
        <source>Trace files (*.json);;All files (*)</source>
        <translation>Trace-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n Thread</numerusform>
            <numerusform>%n Threads</numerusform>
        </translation>
    </message>
    <message>
        <source>all cores</source>
        <translation>alle Kerne</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n Lauf</numerusform>
            <numerusform>%n Läufe</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>Lese %1…</translation>
    </message>
    <message>
        <source>Cannot profile the model</source>
        <translation>Das Modell kann nicht profiliert werden</translation>
    </message>
    <message>
        <source>Cannot open the trace</source>
        <translation>Der Trace kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>%1 holds no complete (&quot;X&quot;) events to show.</source>
        <translation>%1 enthält keine vollständigen (&quot;X&quot;) Ereignisse zum Anzeigen.</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) · %1 per run · kernels %2 per run · %3 slices on %4 thread(s)</source>
        <translation>
            <numerusform>%n Lauf · %1 pro Lauf · Kernel %2 pro Lauf · %3 Abschnitte auf %4 Thread(s)</numerusform>
            <numerusform>%n Läufe · %1 pro Lauf · Kernel %2 pro Lauf · %3 Abschnitte auf %4 Thread(s)</numerusform>
        </translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>Thread</source>
        <translation>Thread</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Diagramme</translation>
    </message>
    <message>
        <source>Compare Runs</source>
        <translation>Läufe vergleichen</translation>
    </message>
    <message>
        <source>Find slices (name or op)</source>
        <translation>Abschnitte suchen (Name oder Operator)</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>kein Treffer</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Shift+drag on the timeline to summarize a range.</source>
        <translation>Umschalt+Ziehen in der Zeitleiste fasst einen Bereich zusammen.</translation>
    </message>
    <message numerus="yes">
        <source>%1 – %2 · %3 long · %n slice(s)</source>
        <translation>
            <numerusform>%1 – %2 · %3 lang · %n Abschnitt</numerusform>
            <numerusform>%1 – %2 · %3 lang · %n Abschnitte</numerusform>
        </translation>
    </message>
    <message>
        <source>Op</source>
        <translation>Operator</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Provider</translation>
    </message>
    <message>
        <source>Node index</source>
        <translation>Knotenindex</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>Ausgaben</translation>
    </message>
    <message>
        <source>Input bytes</source>
        <translation>Eingabe-Bytes</translation>
    </message>
    <message>
        <source>Weight bytes</source>
        <translation>Gewichts-Bytes</translation>
    </message>
    <message>
        <source>Output bytes</source>
        <translation>Ausgabe-Bytes</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message numerus="yes">
        <source>This node in the run: %n call(s), mean %1, %2% of the kernel time</source>
        <translation>
            <numerusform>Dieser Knoten im Lauf: %n Aufruf, im Mittel %1, %2% der Kernelzeit</numerusform>
            <numerusform>Dieser Knoten im Lauf: %n Aufrufe, im Mittel %1, %2% der Kernelzeit</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 slices on %n thread(s) · %2 from the first to the last</source>
        <translation>
            <numerusform>%1 Abschnitte auf %n Thread · %2 vom ersten bis zum letzten</numerusform>
            <numerusform>%1 Abschnitte auf %n Threads · %2 vom ersten bis zum letzten</numerusform>
        </translation>
    </message>
    <message>
        <source>Save Trace…</source>
        <translation>Trace speichern…</translation>
    </message>
    <message>
        <source>Save the run shown as a Chrome trace (JSON) for Perfetto, chrome://tracing or onnxlens-cli trace-summary</source>
        <translation>Den angezeigten Lauf als Chrome-Trace (JSON) für Perfetto, chrome://tracing oder onnxlens-cli trace-summary speichern</translation>
    </message>
    <message>
        <source>Save Trace</source>
        <translation>Trace speichern</translation>
    </message>
    <message>
        <source>trace.json</source>
        <translation>trace.json</translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation>Speichere %1…</translation>
    </message>
    <message>
        <source>Cannot save the trace</source>
        <translation>Der Trace kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Made from</source>
        <translation>Entstanden aus</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s): </source>
        <translation>
            <numerusform>%n Knoten: </numerusform>
            <numerusform>%n Knoten: </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>und %n weiterer</numerusform>
            <numerusform>und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Show in the graph</source>
        <translation>Im Graphen zeigen</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s), mean %1, %2% of the kernel time</source>
        <translation>
            <numerusform>%n Aufruf, im Mittel %1, %2% der Kernelzeit</numerusform>
            <numerusform>%n Aufrufe, im Mittel %1, %2% der Kernelzeit</numerusform>
        </translation>
    </message>
    <message>
        <source>by node</source>
        <translation>nach Knoten</translation>
    </message>
    <message>
        <source>by op type</source>
        <translation>nach Operatortyp</translation>
    </message>
    <message>
        <source>Group the range&apos;s slices by node (slice name) or by op type</source>
        <translation>Die Abschnitte des Bereichs nach Knoten (Abschnittsname) oder nach Operatortyp gruppieren</translation>
    </message>
    <message>
        <source>%1 · level %2 · %3 · %4 · %5</source>
        <translation>%1 · Stufe %2 · %3 · %4 · %5</translation>
    </message>
    <message>
        <source>Profile the model (Profile…) or open a trace file. Click a slice for its details, Shift+drag for a range summary; the wheel or W / S zoom, a drag, Shift+wheel or A / D pan (the keys work while the pointer is over the timeline), 0 or Home shows the whole trace, F focuses, . and , step.</source>
        <translation>Profilieren Sie das Modell (Profilieren…) oder öffnen Sie eine Trace-Datei. Klick auf einen Abschnitt zeigt seine Details, Umschalt+Ziehen fasst einen Bereich zusammen; Mausrad oder W / S zoomen, Ziehen, Umschalt+Mausrad oder A / D verschieben (die Tasten wirken, solange der Zeiger über der Zeitleiste ist), 0 oder Pos1 zeigt den ganzen Trace, F fokussiert, . und , gehen weiter.</translation>
    </message>
    <message>
        <source>⚠ This trace does not look like a profile of %1: only %2 of the %3 nodes it profiled are nodes of this model. The graph&apos;s heat, its node pages and &quot;Show in the graph&quot; find nothing for the others.</source>
        <translation>⚠ Dieser Trace sieht nicht nach einem Profil von %1 aus: nur %2 der %3 Knoten, die er profiliert hat, sind Knoten dieses Modells. Die Wärmefärbung des Graphen, seine Knotenseiten und „Im Graphen zeigen“ finden für die übrigen nichts.</translation>
    </message>
    <message numerus="yes">
        <source>%1% of the kernel time: an even share of %2, which it was fused into with %n other node(s); the kernel: %3</source>
        <translation>
            <numerusform>%1% der Kernelzeit: ein gleicher Anteil an %2, in das er mit %n weiteren Knoten verschmolzen wurde; der Kernel: %3</numerusform>
            <numerusform>%1% der Kernelzeit: ein gleicher Anteil an %2, in das er mit %n weiteren Knoten verschmolzen wurde; der Kernel: %3</numerusform>
        </translation>
    </message>
    <message>
        <source>Random inputs with %1</source>
        <translation>Zufällige Eingaben mit %1</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ProviderColoring</name>
    <message>
        <source>Provider colouring cancelled; choose an order or turn it on again to retry.</source>
        <translation>Färbung nach Anbieter abgebrochen; wählen Sie eine Reihenfolge oder schalten Sie sie erneut ein.</translation>
    </message>
    <message>
        <source>Open a model to colour it by execution provider.</source>
        <translation>Öffnen Sie ein Modell, um es nach Ausführungsanbieter zu färben.</translation>
    </message>
    <message>
        <source>Cannot colour by provider: %1</source>
        <translation>Färbung nach Anbieter nicht möglich: %1</translation>
    </message>
    <message>
        <source>Runs on %1</source>
        <translation>Läuft auf %1</translation>
    </message>
    <message>
        <source>No execution provider runs this node</source>
        <translation>Kein Ausführungsanbieter führt diesen Knoten aus</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ProviderLegend</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Execution provider order: each node goes to the first provider that accepts it</source>
        <translation>Reihenfolge der Ausführungsanbieter: Jeder Knoten geht an den ersten Anbieter, der ihn annimmt</translation>
    </message>
    <message>
        <source>no provider: %1</source>
        <translation>kein Anbieter: %1</translation>
    </message>
    <message>
        <source>not in the partition: %1</source>
        <translation>nicht in der Aufteilung: %1</translation>
    </message>
    <message numerus="yes">
        <source>⇄ %Ln boundary node(s)</source>
        <translation>
            <numerusform>⇄ %Ln Grenzknoten</numerusform>
            <numerusform>⇄ %Ln Grenzknoten</numerusform>
        </translation>
    </message>
    <message>
        <source>Providers: %1</source>
        <translation>Anbieter: %1</translation>
    </message>
    <message>
        <source>Node counts over the whole model, subgraphs included. ⇄ marks a reorder node, or a node reading a tensor another provider produced.</source>
        <translation>Knotenzahlen über das ganze Modell, Teilgraphen eingeschlossen. ⇄ markiert einen Umordnungsknoten oder einen Knoten, der einen Tensor eines anderen Anbieters liest.</translation>
    </message>
    <message numerus="yes">
        <source>(%Ln Constant(s))</source>
        <translation>
            <numerusform>(davon %Ln Constant)</numerusform>
            <numerusform>(davon %Ln Constants)</numerusform>
        </translation>
    </message>
    <message>
        <source>Providers at level %1: %2</source>
        <translation>Anbieter auf Stufe %1: %2</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ProviderOrderEdit</name>
    <message>
        <source>Execution providers in priority order: each node runs on the first checked provider that accepts it. The reference provider is always the last fallback.</source>
        <translation>Ausführungsanbieter nach Priorität: Jeder Knoten läuft auf dem ersten ausgewählten Anbieter, der ihn annimmt. Der Referenzanbieter ist immer der letzte Rückgriff.</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>%1 (always the last fallback)</source>
        <translation>%1 (immer der letzte Rückgriff)</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::QuantizeColoring</name>
    <message>
        <source>Quantization</source>
        <translation>Quantisierung</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>Tensor</translation>
    </message>
    <message>
        <source>SQNR</source>
        <translation>SQNR</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>Kosinus</translation>
    </message>
    <message>
        <source>Max |error|</source>
        <translation>Max. |Fehler|</translation>
    </message>
    <message>
        <source>Data range</source>
        <translation>Datenbereich</translation>
    </message>
    <message>
        <source>Calibration range</source>
        <translation>Kalibrierbereich</translation>
    </message>
    <message>
        <source>Quantization parameters</source>
        <translation>Quantisierungsparameter</translation>
    </message>
    <message>
        <source>Integer type</source>
        <translation>Ganzzahltyp</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>Skala</translation>
    </message>
    <message>
        <source>Zero point</source>
        <translation>Nullpunkt</translation>
    </message>
    <message>
        <source>Range in float</source>
        <translation>Bereich in float</translation>
    </message>
    <message>
        <source>%1 per-channel values in [%2, %3]</source>
        <translation>%1 Werte pro Kanal in [%2, %3]</translation>
    </message>
    <message>
        <source>Widest range in float</source>
        <translation>Weitester Bereich in float</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::QuantizeForm</name>
    <message>
        <source>Static (QDQ)</source>
        <translation>Statisch (QDQ)</translation>
    </message>
    <message>
        <source>Dynamic</source>
        <translation>Dynamisch</translation>
    </message>
    <message>
        <source>Static: weights and activations in int8, activation ranges calibrated on data. Dynamic: weights in int8, activations quantized at run time; no calibration.</source>
        <translation>Statisch: Gewichte und Aktivierungen in int8, Aktivierungsbereiche an Daten kalibriert. Dynamisch: Gewichte in int8, Aktivierungen zur Laufzeit quantisiert; keine Kalibrierung.</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>Modus:</translation>
    </message>
    <message>
        <source>Folder of input sets</source>
        <translation>Ordner mit Eingabesätzen</translation>
    </message>
    <message>
        <source>Random data</source>
        <translation>Zufallsdaten</translation>
    </message>
    <message>
        <source>Calibration:</source>
        <translation>Kalibrierung:</translation>
    </message>
    <message>
        <source>a folder holding test_data_set_0, test_data_set_1, …</source>
        <translation>ein Ordner mit test_data_set_0, test_data_set_1, …</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Folder:</source>
        <translation>Ordner:</translation>
    </message>
    <message>
        <source>Calibration Data</source>
        <translation>Kalibrierdaten</translation>
    </message>
    <message>
        <source>Random samples:</source>
        <translation>Zufallsstichproben:</translation>
    </message>
    <message>
        <source>&lt;b&gt;Warning:&lt;/b&gt; ranges calibrated on random data are not representative; the quantized model may lose accuracy badly. Use real inputs for a model you ship.</source>
        <translation>&lt;b&gt;Warnung:&lt;/b&gt; An Zufallsdaten kalibrierte Bereiche sind nicht repräsentativ; das quantisierte Modell kann stark an Genauigkeit verlieren. Verwenden Sie echte Eingaben für ein Modell, das Sie ausliefern.</translation>
    </message>
    <message>
        <source>MinMax</source>
        <translation>MinMax</translation>
    </message>
    <message>
        <source>Entropy (KL divergence)</source>
        <translation>Entropie (KL-Divergenz)</translation>
    </message>
    <message>
        <source>Percentile</source>
        <translation>Perzentil</translation>
    </message>
    <message>
        <source>Method:</source>
        <translation>Methode:</translation>
    </message>
    <message>
        <source>Percentile:</source>
        <translation>Perzentil:</translation>
    </message>
    <message>
        <source>Per-channel weights</source>
        <translation>Gewichte pro Kanal</translation>
    </message>
    <message>
        <source>Symmetric activations</source>
        <translation>Symmetrische Aktivierungen</translation>
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
        <translation>Aktivierungstyp:</translation>
    </message>
    <message>
        <source>Op types to quantize; none checked: every type the mode handles</source>
        <translation>Zu quantisierende Operatortypen; keiner ausgewählt: jeder Typ, den der Modus behandelt</translation>
    </message>
    <message>
        <source>Op types:</source>
        <translation>Operatortypen:</translation>
    </message>
    <message>
        <source>Nodes left in float. Add one with a right-click on it in the Graph tab → Exclude from Quantization</source>
        <translation>Knoten, die in float bleiben. Einen hinzufügen: Rechtsklick im Reiter Graph → Von der Quantisierung ausnehmen</translation>
    </message>
    <message>
        <source>Remove Selected</source>
        <translation>Auswahl entfernen</translation>
    </message>
    <message>
        <source>Excluded nodes:</source>
        <translation>Ausgenommene Knoten:</translation>
    </message>
    <message>
        <source>Choose a calibration folder, or random data.</source>
        <translation>Wählen Sie einen Kalibrierordner oder Zufallsdaten.</translation>
    </message>
    <message>
        <source>The calibration folder %1 does not exist.</source>
        <translation>Der Kalibrierordner %1 existiert nicht.</translation>
    </message>
    <message>
        <source>Folder of images</source>
        <translation>Bildordner</translation>
    </message>
    <message>
        <source>mean, e.g. 0.485, 0.456, 0.406</source>
        <translation>Mittelwert, z. B. 0.485, 0.456, 0.406</translation>
    </message>
    <message>
        <source>std, e.g. 0.229, 0.224, 0.225</source>
        <translation>Std.-Abw., z. B. 0.229, 0.224, 0.225</translation>
    </message>
    <message>
        <source>size HxW (default: the model&apos;s)</source>
        <translation>Größe HxB (Standard: die des Modells)</translation>
    </message>
    <message>
        <source>PNG and JPEG images, resized to the model&apos;s input, scaled to [0, 1] and normalized per channel as (x - mean) / std</source>
        <translation>PNG- und JPEG-Bilder, auf die Eingabe des Modells skaliert, auf [0, 1] gebracht und je Kanal als (x - Mittelwert) / Std.-Abw. normiert</translation>
    </message>
    <message>
        <source>Images:</source>
        <translation>Bilder:</translation>
    </message>
    <message>
        <source>a folder of .png / .jpg images</source>
        <translation>ein Ordner mit .png-/.jpg-Bildern</translation>
    </message>
    <message>
        <source>The mean is a list of numbers, e.g. 0.485, 0.456, 0.406.</source>
        <translation>Der Mittelwert ist eine Zahlenliste, z. B. 0.485, 0.456, 0.406.</translation>
    </message>
    <message>
        <source>The standard deviation is a list of numbers, e.g. 0.229, 0.224, 0.225.</source>
        <translation>Die Standardabweichung ist eine Zahlenliste, z. B. 0.229, 0.224, 0.225.</translation>
    </message>
    <message>
        <source>The size is HxW, e.g. 224x224.</source>
        <translation>Die Größe ist HxB, z. B. 224x224.</translation>
    </message>
    <message>
        <source>Standard ONNX</source>
        <translation>Standard-ONNX</translation>
    </message>
    <message>
        <source>ONNX Runtime (com.microsoft ops)</source>
        <translation>ONNX Runtime (com.microsoft)</translation>
    </message>
    <message>
        <source>Dynamic quantization&apos;s operators. Standard ONNX: DynamicQuantizeLinear, MatMulInteger and ConvInteger (any ONNX runtime; LSTMs stay float). ONNX Runtime: its DynamicQuantizeMatMul and DynamicQuantizeLSTM as well.</source>
        <translation>Die Operatoren der dynamischen Quantisierung. Standard-ONNX: DynamicQuantizeLinear, MatMulInteger und ConvInteger (jede ONNX-Laufzeit; LSTMs bleiben float). ONNX Runtime: zusätzlich dessen DynamicQuantizeMatMul und DynamicQuantizeLSTM.</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>Format:</translation>
    </message>
    <message>
        <source>7-bit weights (reduce range)</source>
        <translation>7-Bit-Gewichte (reduzierter Bereich)</translation>
    </message>
    <message>
        <source>7-bit weights: about 2x faster here (no VNNI)</source>
        <translation>7-Bit-Gewichte: hier etwa 2x schneller (kein VNNI)</translation>
    </message>
    <message>
        <source>Quantize weights to [-64, 64]. CPUs without VNNI sum full-range int8 products exactly only at about float speed; 7-bit weights run about twice as fast there, at some accuracy.</source>
        <translation>Gewichte auf [-64, 64] quantisieren. CPUs ohne VNNI summieren int8-Produkte mit vollem Wertebereich nur etwa so schnell wie float exakt; 7-Bit-Gewichte laufen dort etwa doppelt so schnell, auf Kosten etwas Genauigkeit.</translation>
    </message>
    <message>
        <source>The calibration folder</source>
        <translation>Der Kalibrierungsordner</translation>
    </message>
    <message>
        <source>The folder of images</source>
        <translation>Der Bilderordner</translation>
    </message>
    <message>
        <source>source: %1</source>
        <translation>Quelle: %1</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::QuantizeView</name>
    <message>
        <source>Layer SQNR (float vs quantized): worst %1 dB %2 %3 dB best (a closed group shows its worst node) · %4 of %5 nodes compared</source>
        <translation>Schicht-SQNR (float vs. quantisiert): schlechtester %1 dB %2 %3 dB bester (eine geschlossene Gruppe zeigt ihren schlechtesten Knoten) · %4 von %5 Knoten verglichen</translation>
    </message>
    <message>
        <source>Quantize</source>
        <translation>Quantisieren</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Exclude the N Worst and Re-run</source>
        <translation>Die N schlechtesten ausnehmen und neu starten</translation>
    </message>
    <message>
        <source>Leaves the nodes of the N layers with the lowest SQNR in float and quantizes again</source>
        <translation>Lässt die Knoten der N Schichten mit dem niedrigsten SQNR in float und quantisiert erneut</translation>
    </message>
    <message>
        <source>N:</source>
        <translation>N:</translation>
    </message>
    <message>
        <source>Compare Graphs in the Optimize Tab</source>
        <translation>Graphen im Reiter Optimieren vergleichen</translation>
    </message>
    <message>
        <source>Export Quantized Model…</source>
        <translation>Quantisiertes Modell exportieren…</translation>
    </message>
    <message>
        <source>Choose the options and press Quantize.</source>
        <translation>Wählen Sie die Optionen und drücken Sie Quantisieren.</translation>
    </message>
    <message>
        <source>Quantization cancelled</source>
        <translation>Quantisierung abgebrochen</translation>
    </message>
    <message>
        <source>Cannot quantize</source>
        <translation>Quantisierung nicht möglich</translation>
    </message>
    <message>
        <source>No temporary folder can be made.</source>
        <translation>Es kann kein temporärer Ordner angelegt werden.</translation>
    </message>
    <message>
        <source>Quantized into %1</source>
        <translation>Quantisiert nach %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; quantization, %2 calibration sample(s) · %3 Q/DQ pairs</source>
        <translation>Quantisierung &lt;b&gt;%1&lt;/b&gt;, %2 Kalibrierstichprobe(n) · %3 Q/DQ-Paare</translation>
    </message>
    <message>
        <source>Size: float %1 → quantized %2 (%3×)</source>
        <translation>Größe: float %1 → quantisiert %2 (%3×)</translation>
    </message>
    <message>
        <source>P50: float %1 ms → quantized %2 ms (%3×)</source>
        <translation>P50: float %1 ms → quantisiert %2 ms (%3×)</translation>
    </message>
    <message>
        <source>P10–P90: float %1–%2 ms, quantized %3–%4 ms (%5 runs each, alternated)</source>
        <translation>P10–P90: float %1–%2 ms, quantisiert %3–%4 ms (je %5 Läufe, abwechselnd)</translation>
    </message>
    <message>
        <source>noisy: spread %1% — close other programs or use 1 thread</source>
        <translation>unruhig: Streuung %1% — andere Programme schließen oder 1 Thread verwenden</translation>
    </message>
    <message>
        <source>machine loaded: %1 of %2 cores busy with other programs</source>
        <translation>Rechner ausgelastet: %1 von %2 Kernen durch andere Programme belegt</translation>
    </message>
    <message>
        <source>Latency not reliable:</source>
        <translation>Latenz nicht verlässlich:</translation>
    </message>
    <message numerus="yes">
        <source>Compared on %n sample(s)</source>
        <translation>
            <numerusform>Verglichen an %n Stichprobe</numerusform>
            <numerusform>Verglichen an %n Stichproben</numerusform>
        </translation>
    </message>
    <message>
        <source>(random, held out)</source>
        <translation>(zufällig, zurückgehalten)</translation>
    </message>
    <message>
        <source>calibrated on random data: the ranges are not representative</source>
        <translation>an Zufallsdaten kalibriert: die Bereiche sind nicht repräsentativ</translation>
    </message>
    <message>
        <source>Warning:</source>
        <translation>Warnung:</translation>
    </message>
    <message>
        <source>Quantize the model first.</source>
        <translation>Quantisieren Sie zuerst das Modell.</translation>
    </message>
    <message>
        <source>%1 is the model opened; choose another file.</source>
        <translation>%1 ist das geöffnete Modell; wählen Sie eine andere Datei.</translation>
    </message>
    <message>
        <source>Replace File</source>
        <translation>Datei ersetzen</translation>
    </message>
    <message>
        <source>%1 exists. Replace it?</source>
        <translation>%1 existiert. Ersetzen?</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>%1 kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>dynamic</source>
        <translation>dynamisch</translation>
    </message>
    <message>
        <source>static</source>
        <translation>statisch</translation>
    </message>
    <message>
        <source>Automatic Search (mixed precision)</source>
        <translation>Automatische Suche (gemischte Genauigkeit)</translation>
    </message>
    <message>
        <source>Cosine ≥</source>
        <translation>Kosinus ≥</translation>
    </message>
    <message>
        <source>SQNR dB ≥</source>
        <translation>SQNR dB ≥</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <source>Cannot search</source>
        <translation>Suche nicht möglich</translation>
    </message>
    <message>
        <source>The search quantizes statically: choose Static.</source>
        <translation>Die Suche quantisiert statisch: wählen Sie Statisch.</translation>
    </message>
    <message numerus="yes">
        <source>Search: target %1 %2 reached with %n node(s) in float</source>
        <translation>
            <numerusform>Suche: Ziel %1 %2 erreicht mit %n Knoten in float</numerusform>
            <numerusform>Suche: Ziel %1 %2 erreicht mit %n Knoten in float</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Search: target %1 %2 not reached; %n node(s) in float</source>
        <translation>
            <numerusform>Suche: Ziel %1 %2 nicht erreicht; %n Knoten in float</numerusform>
            <numerusform>Suche: Ziel %1 %2 nicht erreicht; %n Knoten in float</numerusform>
        </translation>
    </message>
    <message>
        <source>Measures the error each node adds when it alone is quantized, then bisects on how many of the most harmful stay in float until the worst output reaches the target; each trial measures accuracy and P50</source>
        <translation>Misst den Fehler, den jeder Knoten allein quantisiert hinzufügt, und halbiert dann, wie viele der schädlichsten in float bleiben, bis die schlechteste Ausgabe das Ziel erreicht; jeder Versuch misst Genauigkeit und P50</translation>
    </message>
    <message>
        <source>Trials</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>Double-click a node to see it in the graph</source>
        <translation>Doppelklick zeigt den Knoten im Graphen</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>Empfindlichkeit</translation>
    </message>
    <message>
        <source>trials </source>
        <translation>Versuche </translation>
    </message>
    <message>
        <source>cosine</source>
        <translation>Kosinus</translation>
    </message>
    <message>
        <source>SQNR dB</source>
        <translation>SQNR dB</translation>
    </message>
    <message>
        <source>This CPU has no VNNI: full-range int8 weights run at about float speed here; “7-bit weights” runs about twice as fast.</source>
        <translation>Diese CPU hat kein VNNI: int8-Gewichte mit vollem Wertebereich laufen hier etwa so schnell wie float; „7-Bit-Gewichte“ läuft etwa doppelt so schnell.</translation>
    </message>
    <message numerus="yes">
        <source>level %1, %n thread(s)</source>
        <translation>
            <numerusform>Stufe %1, %n Thread</numerusform>
            <numerusform>Stufe %1, %n Threads</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::RunComparison</name>
    <message>
        <source>A:</source>
        <translation>A:</translation>
    </message>
    <message>
        <source>B:</source>
        <translation>B:</translation>
    </message>
    <message>
        <source>Statistic</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <source>A (ms)</source>
        <translation>A (ms)</translation>
    </message>
    <message>
        <source>B (ms)</source>
        <translation>B (ms)</translation>
    </message>
    <message>
        <source>B / A</source>
        <translation>B / A</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>min</source>
        <translation>Min</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>max</source>
        <translation>Max</translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>Operatortyp</translation>
    </message>
    <message>
        <source>A (ms per run)</source>
        <translation>A (ms pro Lauf)</translation>
    </message>
    <message>
        <source>B (ms per run)</source>
        <translation>B (ms pro Lauf)</translation>
    </message>
    <message>
        <source>A calls per run</source>
        <translation>A Aufrufe pro Lauf</translation>
    </message>
    <message>
        <source>B calls per run</source>
        <translation>B Aufrufe pro Lauf</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>gone</source>
        <translation>entfallen</translation>
    </message>
    <message>
        <source>new</source>
        <translation>neu</translation>
    </message>
    <message>
        <source>Too few runs to tell a difference from noise: profile at least 3 runs on each side (medians %1 and %2 ms).</source>
        <translation>Zu wenige Läufe, um einen Unterschied vom Rauschen zu unterscheiden: profilieren Sie je Seite mindestens 3 Läufe (Mediane %1 und %2 ms).</translation>
    </message>
    <message>
        <source>⚠ No real difference: the medians differ by %1% (%2 ms), within the runs&apos; own noise (%3 ms between their quartiles). Profile more runs, or on a quieter machine.</source>
        <translation>⚠ Kein echter Unterschied: die Mediane unterscheiden sich um %1% (%2 ms), innerhalb des eigenen Rauschens der Läufe (%3 ms zwischen ihren Quartilen). Profilieren Sie mehr Läufe oder auf einem ruhigeren Rechner.</translation>
    </message>
    <message>
        <source>B is %1× as fast as A: %2% less time (median %3 vs %4 ms), beyond the runs&apos; noise (%5 ms between their quartiles).</source>
        <translation>B ist %1× so schnell wie A: %2% weniger Zeit (Median %3 gegenüber %4 ms), jenseits des Rauschens der Läufe (%5 ms zwischen ihren Quartilen).</translation>
    </message>
    <message>
        <source>B takes %1× as long as A: %2% more time (median %3 vs %4 ms), beyond the runs&apos; noise (%5 ms between their quartiles).</source>
        <translation>B braucht %1× so lange wie A: %2% mehr Zeit (Median %3 gegenüber %4 ms), jenseits des Rauschens der Läufe (%5 ms zwischen ihren Quartilen).</translation>
    </message>
    <message>
        <source>⚠ A and B are runs of different models (%1 and %2): their times do not say that one is faster. Compare the models node for node in the Optimize tab (Other file…).</source>
        <translation>⚠ A und B sind Läufe verschiedener Modelle (%1 und %2): Ihre Zeiten sagen nicht, dass eines schneller ist. Vergleichen Sie die Modelle Knoten für Knoten im Reiter Optimieren (Andere Datei…).</translation>
    </message>
    <message>
        <source>⚠ A and B are runs of %1, but the file changed between them: their times compare two different models.</source>
        <translation>⚠ A und B sind Läufe von %1, aber die Datei hat sich zwischen ihnen geändert: Ihre Zeiten vergleichen zwei verschiedene Modelle.</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::SearchStepsModel</name>
    <message>
        <source>(all quantized)</source>
        <translation>(alles quantisiert)</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>Operator</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>Kosinus</translation>
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
        <translation>In float</translation>
    </message>
    <message>
        <source>reached</source>
        <translation>erreicht</translation>
    </message>
    <message>
        <source>not reached</source>
        <translation>nicht erreicht</translation>
    </message>
    <message>
        <source>Least harmful in float</source>
        <translation>Harmlosester in float</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::SensitivityModel</name>
    <message>
        <source>in float</source>
        <translation>in float</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>Operator</translation>
    </message>
    <message>
        <source>Cosine alone</source>
        <translation>Kosinus allein</translation>
    </message>
    <message>
        <source>SQNR dB alone</source>
        <translation>SQNR dB allein</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::SqnrChart</name>
    <message>
        <source>Layer SQNR (dB), worst first</source>
        <translation>Schicht-SQNR (dB), schlechteste zuerst</translation>
    </message>
    <message>
        <source>Click a bar to see the node in the graph</source>
        <translation>Klick auf einen Balken zeigt den Knoten im Graphen</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::StageText</name>
    <message>
        <source>Reading the file…</source>
        <translation>Lese die Datei…</translation>
    </message>
    <message>
        <source>Parsing…</source>
        <translation>Parse…</translation>
    </message>
    <message>
        <source>Checking the model…</source>
        <translation>Prüfe das Modell…</translation>
    </message>
    <message>
        <source>Inferring shapes…</source>
        <translation>Leite Formen ab…</translation>
    </message>
    <message>
        <source>Building the graph…</source>
        <translation>Baue den Graphen auf…</translation>
    </message>
    <message>
        <source>Summarizing the model…</source>
        <translation>Fasse das Modell zusammen…</translation>
    </message>
    <message>
        <source>Laying out the graph…</source>
        <translation>Graph wird angeordnet…</translation>
    </message>
    <message>
        <source>Optimizing…</source>
        <translation>Optimiere…</translation>
    </message>
    <message>
        <source>Recording the steps…</source>
        <translation>Zeichne die Schritte auf…</translation>
    </message>
    <message>
        <source>Running the optimized model…</source>
        <translation>Führe das optimierte Modell aus…</translation>
    </message>
    <message>
        <source>Running the original model…</source>
        <translation>Führe das Originalmodell aus…</translation>
    </message>
    <message>
        <source>Searching the breaking pass…</source>
        <translation>Suche den Pass, der die Ausgaben ändert…</translation>
    </message>
    <message>
        <source>Creating the session…</source>
        <translation>Erstelle die Sitzung…</translation>
    </message>
    <message>
        <source>Warming up…</source>
        <translation>Wärme auf…</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>Führe aus…</translation>
    </message>
    <message>
        <source>Profiling…</source>
        <translation>Profiliere…</translation>
    </message>
    <message>
        <source>Benchmarking…</source>
        <translation>Messe die Leistung…</translation>
    </message>
    <message>
        <source>Reading the trace…</source>
        <translation>Lese den Trace…</translation>
    </message>
    <message>
        <source>Writing the trace…</source>
        <translation>Schreibe den Trace…</translation>
    </message>
    <message>
        <source>Writing the model…</source>
        <translation>Schreibe das Modell…</translation>
    </message>
    <message>
        <source>Reading the inputs…</source>
        <translation>Lese die Eingaben…</translation>
    </message>
    <message>
        <source>Calibrating…</source>
        <translation>Kalibriere…</translation>
    </message>
    <message>
        <source>Quantizing…</source>
        <translation>Quantisiere…</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>Vergleiche…</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>stage and its detail, e.g. &apos;Profiling… 3/10&apos;</comment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Invalid request</source>
        <translation>Ungültige Anfrage</translation>
    </message>
    <message>
        <source>Invalid model</source>
        <translation>Ungültiges Modell</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>Nicht gefunden</translation>
    </message>
    <message>
        <source>Read or write error</source>
        <translation>Lese- oder Schreibfehler</translation>
    </message>
    <message>
        <source>Not supported</source>
        <translation>Nicht unterstützt</translation>
    </message>
    <message>
        <source>Out of range</source>
        <translation>Außerhalb des zulässigen Bereichs</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>Internal error</source>
        <translation>Interner Fehler</translation>
    </message>
    <message>
        <source>Assigning execution providers…</source>
        <translation>Weise Ausführungsanbieter zu…</translation>
    </message>
    <message>
        <source>disabled</source>
        <comment>optimization level</comment>
        <translation>deaktiviert</translation>
    </message>
    <message>
        <source>basic</source>
        <comment>optimization level</comment>
        <translation>Basis</translation>
    </message>
    <message>
        <source>extended</source>
        <comment>optimization level</comment>
        <translation>erweitert</translation>
    </message>
    <message>
        <source>layout</source>
        <comment>optimization level</comment>
        <translation>Layout</translation>
    </message>
    <message>
        <source>main</source>
        <comment>the thread that runs the model</comment>
        <translation>Haupt-Thread</translation>
    </message>
    <message>
        <source>pool worker %1</source>
        <comment>a thread of the intra-op pool</comment>
        <translation>Pool-Worker %1</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::StepListModel</name>
    <message>
        <source>Verification: the outputs first differ after this step</source>
        <translation>Prüfung: nach diesem Schritt weichen die Ausgaben zuerst ab</translation>
    </message>
    <message>
        <source>Nodes after the step</source>
        <translation>Knoten nach dem Schritt</translation>
    </message>
    <message>
        <source>Time the pass took, in milliseconds</source>
        <translation>Dauer des Durchlaufs in Millisekunden</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>Durchlauf</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message numerus="yes">
        <source>%n removed</source>
        <translation>
            <numerusform>%n entfernt</numerusform>
            <numerusform>%n entfernt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n added</source>
        <translation>
            <numerusform>%n hinzugefügt</numerusform>
            <numerusform>%n hinzugefügt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n modified</source>
        <translation>
            <numerusform>%n geändert</numerusform>
            <numerusform>%n geändert</numerusform>
        </translation>
    </message>
    <message>
        <source>Level %1, round %2</source>
        <translation>Stufe %1, Runde %2</translation>
    </message>
    <message>
        <source>Nodes: %1</source>
        <translation>Knoten: %1</translation>
    </message>
    <message>
        <source>no node removed, added or modified</source>
        <translation>kein Knoten entfernt, hinzugefügt oder geändert</translation>
    </message>
    <message numerus="yes">
        <source>%n unused initializer(s) removed</source>
        <translation>
            <numerusform>%n ungenutzter Initialisierer entfernt</numerusform>
            <numerusform>%n ungenutzte Initialisierer entfernt</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 initializers</source>
        <translation>%1 Initialisierer</translation>
    </message>
    <message numerus="yes">
        <source>%n fused</source>
        <translation>
            <numerusform>%n verschmolzen</numerusform>
            <numerusform>%n verschmolzen</numerusform>
        </translation>
    </message>
    <message>
        <source>Nodes removed (−), added (+), fused from several (⊕) and modified (∼)</source>
        <translation>Knoten entfernt (−), hinzugefügt (+), aus mehreren verschmolzen (⊕) und geändert (∼)</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::SummaryTableModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Occurrences</source>
        <translation>Vorkommen</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Wall duration (ms)</source>
        <translation>Gesamtdauer (ms)</translation>
    </message>
    <message>
        <source>Total (ms)</source>
        <translation>Gesamt (ms)</translation>
    </message>
    <message>
        <source>Average (µs)</source>
        <translation>Durchschnitt (µs)</translation>
    </message>
    <message>
        <source>Mean (µs)</source>
        <translation>Mittelwert (µs)</translation>
    </message>
    <message>
        <source>% of range</source>
        <translation>% des Bereichs</translation>
    </message>
    <message>
        <source>Work a node handed to the thread pool, on a worker thread: already inside the node&apos;s own time, so listed after the nodes</source>
        <translation>Arbeit, die ein Knoten an den Thread-Pool abgegeben hat, auf einem Worker-Thread: schon in der Zeit des Knotens enthalten, daher nach den Knoten aufgeführt</translation>
    </message>
    <message>
        <source>Not a node: a run, session or other event spanning nodes; listed after them</source>
        <translation>Kein Knoten: ein Lauf, eine Sitzung oder ein anderes Ereignis über mehrere Knoten; nach ihnen aufgeführt</translation>
    </message>
    <message>
        <source>Each row&apos;s time inside the range over the range&apos;s length; nested slices and several threads can add up to more than 100%</source>
        <translation>Die Zeit jeder Zeile im Bereich, geteilt durch die Länge des Bereichs; verschachtelte Abschnitte und mehrere Threads können zusammen mehr als 100 % ergeben</translation>
    </message>
    <message>
        <source>The thread&apos;s busy time (its kernels and thread-pool work) over the kernel time of all runs: the thread that runs the nodes is near 100%; a pool worker&apos;s share says how much of that time it helped</source>
        <translation>Die belegte Zeit des Threads (seine Kernel und Thread-Pool-Arbeit), geteilt durch die Kernelzeit aller Läufe: der Thread, der die Knoten ausführt, liegt nahe 100 %; der Anteil eines Pool-Workers sagt, wie viel dieser Zeit er mitgeholfen hat</translation>
    </message>
    <message>
        <source>The row&apos;s kernel time over the kernel time of all runs</source>
        <translation>Die Kernelzeit der Zeile, geteilt durch die Kernelzeit aller Läufe</translation>
    </message>
    <message>
        <source>Busy, % of kernel time</source>
        <translation>Belegt, % der Kernelzeit</translation>
    </message>
    <message>
        <source>% of kernel time</source>
        <translation>% der Kernelzeit</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::TensorPanel</name>
    <message>
        <source>← Back</source>
        <translation>← Zurück</translation>
    </message>
    <message>
        <source>Back to the node</source>
        <translation>Zurück zum Knoten</translation>
    </message>
    <message>
        <source>Save as .npy…</source>
        <translation>Als .npy speichern…</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>Elemente</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>Min</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Max</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <source>Std</source>
        <translation>Std.-Abw.</translation>
    </message>
    <message>
        <source>Sparsity</source>
        <translation>Dünnbesetztheit</translation>
    </message>
    <message>
        <source>%1% zeros</source>
        <translation>%1 % Nullen</translation>
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
            <numerusform>Erster %n Wert</numerusform>
            <numerusform>Erste %n Werte</numerusform>
        </translation>
    </message>
    <message>
        <source>Values</source>
        <translation>Werte</translation>
    </message>
    <message numerus="yes">
        <source>Histogram (%n bin(s))</source>
        <translation>
            <numerusform>Histogramm (%n Klasse)</numerusform>
            <numerusform>Histogramm (%n Klassen)</numerusform>
        </translation>
    </message>
    <message>
        <source>there is no tensor to save</source>
        <translation>es gibt keinen Tensor zum Speichern</translation>
    </message>
    <message>
        <source>cannot save %1 as %2: %3</source>
        <translation>%1 kann nicht als %2 gespeichert werden: %3</translation>
    </message>
    <message>
        <source>Save Tensor</source>
        <translation>Tensor speichern</translation>
    </message>
    <message>
        <source>NumPy array (*.npy)</source>
        <translation>NumPy-Array (*.npy)</translation>
    </message>
    <message>
        <source>Cannot save the tensor</source>
        <translation>Der Tensor kann nicht gespeichert werden</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ThroughputChart</name>
    <message numerus="yes">
        <source>level %1 · %n thread(s)</source>
        <translation>
            <numerusform>Stufe %1 · %n Thread</numerusform>
            <numerusform>Stufe %1 · %n Threads</numerusform>
        </translation>
    </message>
    <message>
        <source>Throughput against batch size: profile the model at two or more sizes (Profile… → Dimensions, e.g. batch=1, then batch=4 and batch=16) and each run becomes a point here; three sizes or more mark the knee.</source>
        <translation>Durchsatz über der Batchgröße: Profilieren Sie das Modell mit zwei oder mehr Größen (Profilieren… → Dimensionen, z. B. batch=1, dann batch=4 und batch=16), und jeder Lauf wird hier ein Punkt; ab drei Größen wird das Knie markiert.</translation>
    </message>
    <message>
        <source>Throughput against %1 (items per second, from the profiled runs&apos; medians)</source>
        <translation>Durchsatz über %1 (Elemente pro Sekunde, aus den Medianen der profilierten Läufe)</translation>
    </message>
    <message>
        <source>%1 (items per run)</source>
        <translation>%1 (Elemente pro Lauf)</translation>
    </message>
    <message>
        <source>items/s</source>
        <translation>Elemente/s</translation>
    </message>
    <message>
        <source>knee</source>
        <translation>Knie</translation>
    </message>
    <message>
        <source>%1: knee (■) at %2 items per run, %3 items/s (%4% of the best, %5 items/s); larger sizes add latency for little throughput.</source>
        <translation>%1: Knie (■) bei %2 Elementen pro Lauf, %3 Elemente/s (%4 % des besten Werts, %5 Elemente/s); größere Größen kosten Latenz für wenig Durchsatz.</translation>
    </message>
    <message>
        <source>%1: no knee yet (profile three sizes or more).</source>
        <translation>%1: noch kein Knie (profilieren Sie drei oder mehr Größen).</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::TimelineWidget</name>
    <message>
        <source>W / S, wheel</source>
        <translation>W / S, Mausrad</translation>
    </message>
    <message>
        <source>Zoom in / out at the pointer</source>
        <translation>Am Zeiger hinein- / herauszoomen</translation>
    </message>
    <message>
        <source>A / D, Shift+wheel, drag</source>
        <translation>A / D, Umschalt+Mausrad, Ziehen</translation>
    </message>
    <message>
        <source>Pan earlier / later</source>
        <translation>Nach früher / später verschieben</translation>
    </message>
    <message>
        <source>0, Home</source>
        <translation>0, Pos1</translation>
    </message>
    <message>
        <source>Show the whole trace</source>
        <translation>Den ganzen Trace zeigen</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>Focus the selected slice (or range)</source>
        <translation>Auf den gewählten Abschnitt (oder Bereich) fokussieren</translation>
    </message>
    <message>
        <source>. / ,</source>
        <translation>. / ,</translation>
    </message>
    <message>
        <source>Next / previous slice on the selected slice&apos;s row</source>
        <translation>Nächster / vorheriger Abschnitt in der Zeile des gewählten Abschnitts</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>Klicken</translation>
    </message>
    <message>
        <source>Select a slice: its details, and its node in the graph</source>
        <translation>Einen Abschnitt wählen: seine Details und sein Knoten im Graphen</translation>
    </message>
    <message>
        <source>Shift+drag</source>
        <translation>Umschalt+Ziehen</translation>
    </message>
    <message>
        <source>Summarize a time range</source>
        <translation>Einen Zeitbereich zusammenfassen</translation>
    </message>
    <message>
        <source>(hover)</source>
        <translation>(Zeiger darüber)</translation>
    </message>
    <message>
        <source>The keys work while the pointer is over the timeline</source>
        <translation>Die Tasten wirken, solange der Zeiger über der Zeitleiste ist</translation>
    </message>
    <message>
        <source>memory in use</source>
        <translation>belegter Speicher</translation>
    </message>
    <message>
        <source>peak %1</source>
        <translation>Spitze %1</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ValueTableModel</name>
    <message>
        <source>scalar</source>
        <translation>Skalar</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Form</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::VerifyPanel</name>
    <message>
        <source>Random inputs, seed</source>
        <translation>Zufällige Eingaben, Startwert</translation>
    </message>
    <message>
        <source>Inputs from a folder (.pb / .npy)</source>
        <translation>Eingaben aus einem Ordner (.pb / .npy)</translation>
    </message>
    <message>
        <source>test_data_set_0</source>
        <translation>test_data_set_0</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Verify Outputs</source>
        <translation>Ausgaben prüfen</translation>
    </message>
    <message>
        <source>Run the original and the right-hand graph on the same inputs and compare every output</source>
        <translation>Original und rechten Graphen mit denselben Eingaben ausführen und jede Ausgabe vergleichen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>Max abs error</source>
        <translation>Max. abs. Fehler</translation>
    </message>
    <message>
        <source>Max rel error</source>
        <translation>Max. rel. Fehler</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>Kosinus</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Input Folder</source>
        <translation>Eingabeordner</translation>
    </message>
    <message>
        <source>Compares the original with the graph on the right.</source>
        <translation>Vergleicht das Original mit dem Graphen rechts.</translation>
    </message>
    <message>
        <source>Compare the original with the graph after step %1</source>
        <translation>Das Original mit dem Graphen nach Schritt %1 vergleichen</translation>
    </message>
    <message>
        <source>Choose a level or a step on the right side to verify it</source>
        <translation>Wählen Sie rechts eine Stufe oder einen Schritt, um ihn zu prüfen</translation>
    </message>
    <message>
        <source>Verification cancelled.</source>
        <translation>Prüfung abgebrochen.</translation>
    </message>
    <message>
        <source>Verification failed: %1</source>
        <translation>Prüfung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>differ</source>
        <translation>weicht ab</translation>
    </message>
    <message>
        <source>Outputs differ. Bisection (%1 runs): the first step that changes them is &lt;a href=&quot;step:%2&quot;&gt;step %2, %3&lt;/a&gt;.</source>
        <translation>Die Ausgaben weichen ab. Bisektion (%1 Läufe): der erste Schritt, der sie ändert, ist &lt;a href=&quot;step:%2&quot;&gt;Schritt %2, %3&lt;/a&gt;.</translation>
    </message>
    <message>
        <source>Outputs differ.</source>
        <translation>Die Ausgaben weichen ab.</translation>
    </message>
    <message>
        <source>match (by atol)</source>
        <translation>gleich (nach atol)</translation>
    </message>
    <message>
        <source>match (by rtol)</source>
        <translation>gleich (nach rtol)</translation>
    </message>
    <message>
        <source>The relative error exceeds rtol %1 only where the reference is near 0; there the absolute tolerance atol %2 decides. Every element is within atol + rtol × |reference|.</source>
        <translation>Der relative Fehler überschreitet rtol %1 nur, wo die Referenz nahe 0 ist; dort entscheidet die absolute Toleranz atol %2. Jedes Element liegt innerhalb von atol + rtol × |Referenz|.</translation>
    </message>
    <message>
        <source>Every element is within atol + rtol × |reference| (atol %1, rtol %2).</source>
        <translation>Jedes Element liegt innerhalb von atol + rtol × |Referenz| (atol %1, rtol %2).</translation>
    </message>
    <message numerus="yes">
        <source>All %n output(s) match: every element within atol + rtol × |reference| (atol %1, rtol %2, as numpy.allclose).</source>
        <translation>
            <numerusform>Die %n Ausgabe ist gleich: jedes Element innerhalb von atol + rtol × |Referenz| (atol %1, rtol %2, wie numpy.allclose).</numerusform>
            <numerusform>Alle %n Ausgaben sind gleich: jedes Element innerhalb von atol + rtol × |Referenz| (atol %1, rtol %2, wie numpy.allclose).</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot verify: %1</source>
        <translation>Prüfen nicht möglich: %1</translation>
    </message>
</context>
</TS>
