/// The start of every self-contained page capcheck writes: no outside resource (the content
/// security policy allows inline style, and only the one script of ``RowFilterScript`` where
/// a page asks for it, by its hash), a viewport for phones.
enum HTMLPage {
    /// The document up to and including `<body>`.
    /// - Parameters:
    ///   - title: The page title, already escaped.
    ///   - generator: What made the page (`<meta name="generator">`), already escaped.
    ///   - style: The style sheet, one rule a line, each ending in a newline.
    /// - Returns: The markup.
    ///   - script: Whether the page runs ``RowFilterScript`` (its hash joins the policy).
    static func start(
        title: String, generator: String? = nil, style: String, script: Bool = false
    ) -> String {
        let meta = generator.map { "<meta name=\"generator\" content=\"\($0)\">\n" } ?? ""
        let scripts = script ? "; script-src '\(RowFilterScript.hash)'" : ""
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            \(meta)<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'\(scripts)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            <style>
            \(style)</style>
            </head>
            <body>

            """
    }
}
