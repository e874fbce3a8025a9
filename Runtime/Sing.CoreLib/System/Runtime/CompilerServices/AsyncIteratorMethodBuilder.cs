namespace System.Runtime.CompilerServices
{
    /// <summary>What the compiler's async iterators drive themselves with. The state machine is a class (the
    /// enumerator itself), so its MoveNext is one delegate made at the first await and reused for every later one.</summary>
    public struct AsyncIteratorMethodBuilder
    {
        private Action _moveNext;

        public static AsyncIteratorMethodBuilder Create() => default;

        public void MoveNext<TStateMachine>(ref TStateMachine stateMachine) where TStateMachine : IAsyncStateMachine
        {
            if (stateMachine is null) throw new ArgumentNullException(nameof(stateMachine));
            stateMachine.MoveNext();
        }

        public void AwaitOnCompleted<TAwaiter, TStateMachine>(ref TAwaiter awaiter, ref TStateMachine stateMachine)
            where TAwaiter : INotifyCompletion where TStateMachine : IAsyncStateMachine =>
            awaiter.OnCompleted(MoveNextOf(ref stateMachine));

        public void AwaitUnsafeOnCompleted<TAwaiter, TStateMachine>(ref TAwaiter awaiter, ref TStateMachine stateMachine)
            where TAwaiter : ICriticalNotifyCompletion where TStateMachine : IAsyncStateMachine =>
            awaiter.UnsafeOnCompleted(MoveNextOf(ref stateMachine));

        /// <summary>The iterator has ended; nothing is held for it.</summary>
        public void Complete() => _moveNext = null;

        private Action MoveNextOf<TStateMachine>(ref TStateMachine stateMachine) where TStateMachine : IAsyncStateMachine
        {
            if (_moveNext is null)
            {
                IAsyncStateMachine box = stateMachine;
                _moveNext = box.MoveNext;
            }
            return _moveNext;
        }
    }
}
