// swift-format-ignore-file
enum BankError: Error {
    case insufficientFunds(needed: Int)
    case accountClosed
}
struct Account {
    var balance: Int
    var open = true
    mutating func withdraw(_ amount: Int) throws {
        guard open else { throw BankError.accountClosed }
        guard amount <= balance else { throw BankError.insufficientFunds(needed: amount - balance) }
        balance -= amount
    }
}
var account = Account(balance: 100)
do {
    try account.withdraw(30)
    try account.withdraw(100)
} catch BankError.insufficientFunds(let needed) {
    print("short by", needed)
} catch {
    print("other", error)
}
print(account.balance)
account.open = false
do {
    try account.withdraw(1)
} catch {
    print("failed:", error)
}
let failed = (try? account.withdraw(5)) == nil
print(failed)
