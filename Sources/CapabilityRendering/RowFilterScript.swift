/// The one script a capcheck page may run: a search box that hides the table rows whose text
/// does not contain what is typed. The page's content security policy allows it by its
/// SHA-256 (`RowFilterScriptTests` recomputes the hash), so no other script can run. The box
/// starts hidden, so a browser without scripts shows the whole table and no dead control.
enum RowFilterScript {
    /// The search box, placed above the table whose id is `rows`.
    static let input =
        "<input id=\"filter\" type=\"search\" placeholder=\"Filter devices as you type\" aria-label=\"Filter devices\" hidden>\n"

    /// The script, byte for byte as hashed.
    static let source =
        ##"var f=document.getElementById("filter");f.hidden=false;f.addEventListener("input",function(){var q=f.value.toLowerCase();var r=document.querySelectorAll("#rows tbody tr");for(var i=0;i<r.length;i++){r[i].hidden=q!==""&&r[i].textContent.toLowerCase().indexOf(q)<0;}});"##

    /// `sha256-` and the base64 SHA-256 of ``source``, for `script-src`.
    static let hash = "sha256-/XoaUHMA8jgA0/xgRe5gjRBkRWIzT4KUZ+BJzEuyeAA="

    /// The element that runs it, at the end of the body.
    static var element: String { "<script>" + source + "</script>\n" }
}
