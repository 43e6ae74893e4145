// swift-format-ignore-file
struct Matrix {
    let rows: Int, columns: Int
    var grid: [Double]
    init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        grid = Array(repeating: 0, count: rows * columns)
    }
    subscript(row: Int, column: Int) -> Double {
        get { grid[row * columns + column] }
        set { grid[row * columns + column] = newValue }
    }
}
var m = Matrix(rows: 2, columns: 2)
m[0, 1] = 1.5
m[1, 0] = 3
print(m.grid)
infix operator **: MultiplicationPrecedence
func ** (base: Int, power: Int) -> Int {
    (0..<power).reduce(1) { acc, _ in acc * base }
}
print(2 ** 10, 3 ** 3 + 1)
