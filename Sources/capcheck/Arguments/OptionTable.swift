/// A command's options, each declared once: the spec that help, the man page, completions
/// and "did you mean" read, and how its value sets a field of the command (by key path), as
/// swift-argument-parser's property wrappers do. ``parse(_:into:)`` is the one parse loop.
///
/// The table is parsed in its order, which is also the order help lists the options in.
struct OptionTable<Values> {
    /// One declared option (or a group of them, such as `--format` and its aliases).
    struct Option {
        /// What the option adds to the command's table.
        var specs: [OptionSpec]
        /// Takes the option from the arguments and sets the command's field.
        var take: (inout ArgumentCursor, inout Values) throws(UsageError) -> Void
    }

    /// The options, in help and parse order.
    var options: [Option]

    /// A table.
    /// - Parameter options: The options, in help and parse order.
    init(_ options: [Option]) {
        self.options = options
    }

    /// Every spec, in order: the command's ``Command/options``.
    var specs: [OptionSpec] { options.flatMap(\.specs) }

    /// Takes every option of the table from the arguments into a command's fields.
    /// - Parameters:
    ///   - arguments: The command's arguments (unknown options already rejected).
    ///   - values: The command, its fields at their defaults.
    /// - Throws: `UsageError` for a missing, repeated or bad value.
    func parse(_ arguments: inout ArgumentCursor, into values: inout Values) throws(UsageError) {
        for option in options { try option.take(&arguments, &values) }
    }
}

extension OptionTable.Option {
    /// The names the cursor takes: `o` and `output` for `-o, --output`.
    private static func names(_ spec: OptionSpec) -> [String] {
        (spec.short.map { [$0] } ?? []) + [spec.long]
    }

    /// A flag (`--strict`): true when given.
    static func flag(_ spec: OptionSpec, _ field: WritableKeyPath<Values, Bool>) -> Self {
        Self(specs: [spec]) { (arguments, values) throws(UsageError) in
            values[keyPath: field] = try arguments.flag(names: names(spec))
        }
    }

    /// A flag that turns something off (`--no-implied`): false when given.
    static func inverted(_ spec: OptionSpec, _ field: WritableKeyPath<Values, Bool>) -> Self {
        Self(specs: [spec]) { (arguments, values) throws(UsageError) in
            values[keyPath: field] = !(try arguments.flag(names: names(spec)))
        }
    }

    /// An option given at most once (`--from FILE`); the field keeps its default when absent.
    static func value(_ spec: OptionSpec, _ field: WritableKeyPath<Values, String?>) -> Self {
        Self(specs: [spec]) { (arguments, values) throws(UsageError) in
            if let text = try arguments.value(names: names(spec)) { values[keyPath: field] = text }
        }
    }

    /// An option given at most once whose text becomes a value (`--count N`); the field
    /// keeps its default when absent.
    /// - Parameter convert: Makes the value from the text and the command name, or throws
    ///   the usage error.
    static func value<Value>(
        _ spec: OptionSpec, _ field: WritableKeyPath<Values, Value>,
        _ convert: @escaping (String, String) throws(UsageError) -> Value
    ) -> Self {
        Self(specs: [spec]) { (arguments, values) throws(UsageError) in
            if let text = try arguments.value(names: names(spec)) {
                values[keyPath: field] = try convert(text, arguments.command)
            }
        }
    }

    /// An option that may be repeated (`--assume ID=STATUS`...): every value, in order.
    static func values(_ spec: OptionSpec, _ field: WritableKeyPath<Values, [String]>) -> Self {
        Self(specs: [spec]) { (arguments, values) throws(UsageError) in
            values[keyPath: field] = try arguments.values(names: names(spec))
        }
    }

    /// An option that may be repeated, whose values together become one value
    /// (`--assume ID=STATE`... into a dictionary); the field keeps its default when absent.
    /// - Parameter convert: Makes the value from the texts and the command name, or throws
    ///   the usage error.
    static func values<Value>(
        _ spec: OptionSpec, _ field: WritableKeyPath<Values, Value>,
        _ convert: @escaping ([String], String) throws(UsageError) -> Value
    ) -> Self {
        Self(specs: [spec]) { (arguments, values) throws(UsageError) in
            let texts = try arguments.values(names: names(spec))
            if !texts.isEmpty { values[keyPath: field] = try convert(texts, arguments.command) }
        }
    }

    /// A group of options with a value of its own (the manifest options), stored in one field.
    static func group<Group>(
        _ table: OptionTable<Group>, _ field: WritableKeyPath<Values, Group>
    ) -> Self {
        Self(specs: table.specs) { (arguments, values) throws(UsageError) in
            try table.parse(&arguments, into: &values[keyPath: field])
        }
    }

    /// `--color [WHEN]`.
    static func color(_ field: WritableKeyPath<Values, ColorChoice>) -> Self {
        Self(specs: [.color]) { (arguments, values) throws(UsageError) in
            values[keyPath: field] = try ColorChoice(&arguments, command: arguments.command)
        }
    }

    /// `--format NAME` and its aliases (`--json`): the chosen format, else the first.
    static func format<Document>(
        _ registry: FormatRegistry<Document>,
        _ field: WritableKeyPath<Values, FormatRegistry<Document>.Format>
    ) -> Self {
        Self(specs: [registry.option] + registry.aliasOptions) {
            (arguments, values) throws(UsageError) in
            values[keyPath: field] = try registry.choose(&arguments, command: arguments.command)
        }
    }
}
